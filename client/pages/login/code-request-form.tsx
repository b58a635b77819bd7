import { Form } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { OtpVerifyType } from '../../../shared/enums.ts';
import { LOGIN_ID_MAX_LENGTH } from '../../../shared/limits.ts';
import { validateCodeLogin } from '../../../shared/rules/login.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';

export interface CodeRequestFormProps {
  /** The account ID typed in password mode. */
  email: string;
  otpVerifyType: OtpVerifyType;
  onTypeChange: (type: OtpVerifyType) => void;
  onSubmit: (values: { email?: string }) => Promise<void>;
  /** Back to password sign-in, taking the typed account ID along. */
  onPasswordLogin: (email: string) => void;
}

const DELIVERIES: Array<[OtpVerifyType, string]> = [
  [OtpVerifyType.Email, 'login.code.byEmail'],
  [OtpVerifyType.Phone, 'login.code.byPhone'],
];

/** Code mode: the account ID, how the code should come (e-mail or phone), Get Code. */
export function CodeRequestForm({ email, otpVerifyType, onTypeChange, onSubmit, onPasswordLogin }: CodeRequestFormProps) {
  const { t } = useTranslation();
  return (
    <Form<{ email?: string }>
      onSubmit={onSubmit}
      initialValues={{ email }}
      validate={(values) => validateCodeLogin(values)}
      render={({ handleSubmit, submitting, form }) => (
        <form onSubmit={handleSubmit} noValidate>
          <p>{t('login.code.intro')}</p>
          <Field
            name="email"
            label="login.emailOrId"
            inputMode="email"
            autoComplete="username"
            maxLength={LOGIN_ID_MAX_LENGTH}
            required
            autoFocus
          />
          <fieldset className="radio-group">
            <legend className="field__label">{t('login.code.deliveryLegend')}</legend>
            {DELIVERIES.map(([type, label]) => (
              <label key={type} className="radio-group__option">
                <input type="radio" name="otpVerifyType" checked={otpVerifyType === type} onChange={() => onTypeChange(type)} />
                <span>{t(label)}</span>
              </label>
            ))}
          </fieldset>
          <Button type="submit" busy={submitting} className="button--block">
            {t('login.code.getCode')}
          </Button>
          <p className="login__switch">
            <Button variant="link" onClick={() => onPasswordLogin(form.getState().values.email ?? '')}>
              {t('login.code.backToPassword')}
            </Button>
          </p>
        </form>
      )}
    />
  );
}
