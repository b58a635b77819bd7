import { Form } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { EMAIL_MAX_LENGTH } from '../../../shared/limits.ts';
import { normalizeEmail, validateEmail } from '../../../shared/rules/email.ts';
import { Button } from '../../components/button.tsx';
import { Field } from '../../components/field.tsx';
import { useResend } from './use-resend.ts';

export interface EmailResendFormProps {
  initialEmail?: string;
  /** Translation key of the submit button. */
  submitLabel: string;
  onSent: (email: string) => void;
}

/** An e-mail address to send the verification mail to (forgot/resend rules of spec section 5). */
export function EmailResendForm({ initialEmail = '', submitLabel, onSent }: EmailResendFormProps) {
  const { t } = useTranslation();
  const { send } = useResend();
  const submit = async ({ email }: { email: string }) => {
    const address = normalizeEmail(email);
    // The captcha answer, once configured, travels with this request.
    if (await send(address)) onSent(address);
  };
  return (
    <Form<{ email: string }>
      onSubmit={submit}
      initialValues={{ email: initialEmail }}
      validate={({ email }) => ({ email: validateEmail(email) })}
      subscription={{ submitting: true }}
    >
      {({ handleSubmit, submitting }) => (
        <form className="form" noValidate onSubmit={handleSubmit}>
          <Field name="email" type="email" label="activation.email" maxLength={EMAIL_MAX_LENGTH} autoComplete="email" required />
          <Button type="submit" busy={submitting}>
            {t(submitLabel)}
          </Button>
        </form>
      )}
    </Form>
  );
}
