import { useState } from 'react';
import { Form } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { EMAIL_MAX_LENGTH } from '../../../shared/limits.ts';
import { normalizeEmail, validateEmail } from '../../../shared/rules/email.ts';
import { usePortalConfig } from '../../api/portal-config.ts';
import { Button } from '../../ui/button.tsx';
import { Captcha } from '../../ui/captcha/captcha.tsx';
import { captchaAnswer } from '../../ui/captcha/captcha-answer.ts';
import { Field } from '../../ui/field.tsx';
import { useResend } from './use-resend.ts';

export interface EmailResendFormProps {
  initialEmail?: string;
  /** Translation key of the submit button. */
  submitLabel: string;
  onSent: (email: string) => void;
}

interface ResendValues {
  email: string;
  captchaToken?: string;
}

/** An e-mail address to send the verification mail to (forgot/resend rules of spec section 5). */
export function EmailResendForm({ initialEmail = '', submitLabel, onSent }: EmailResendFormProps) {
  const { t } = useTranslation();
  const { send } = useResend();
  const portal = usePortalConfig();
  // An answer is good for one request; each attempt needs a new one.
  const [attempts, setAttempts] = useState(0);
  const submit = async ({ email, captchaToken }: ResendValues) => {
    const address = normalizeEmail(email);
    const sent = await send(address, { captchaVerify: captchaAnswer(portal?.captcha.type, captchaToken) });
    setAttempts((count) => count + 1);
    if (sent) onSent(address);
  };
  return (
    <Form<ResendValues>
      onSubmit={submit}
      initialValues={{ email: initialEmail }}
      validate={({ email }) => ({ email: validateEmail(email) })}
      subscription={{ submitting: true }}
    >
      {({ handleSubmit, submitting }) => (
        <form className="form" noValidate onSubmit={handleSubmit}>
          <Field name="email" type="email" label="activation.email" maxLength={EMAIL_MAX_LENGTH} autoComplete="email" required />
          <Captcha name="captchaToken" type={portal?.captcha.type} siteKey={portal?.captcha.siteKey} resetKey={attempts} />
          <Button type="submit" busy={submitting} className="button--block">
            {t(submitLabel)}
          </Button>
        </form>
      )}
    </Form>
  );
}
