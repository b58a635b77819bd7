import { useTranslation } from 'react-i18next';
import { OtpVerifyType } from '../../../shared/enums.ts';
import { validateCodeLogin } from '../../../shared/rules/login.ts';
import { Button } from '../../ui/button.tsx';
import { useNativeForm } from '../../ui/native-form.ts';
import { AccountIdField } from './account-id-field.tsx';

export interface CodeRequestFormProps {
  /** The account ID typed in password mode. */
  email: string;
  otpVerifyType: OtpVerifyType;
  onTypeChange: (type: OtpVerifyType) => void;
  onSubmit: (values: { email?: string }) => Promise<void>;
  /** Back to password sign-in, taking the typed account ID along. */
  onPasswordLogin: (email: string) => void;
}

const FIELDS = ['email'] as const;

const DELIVERIES: Array<[OtpVerifyType, string]> = [
  [OtpVerifyType.Email, 'login.code.byEmail'],
  [OtpVerifyType.Phone, 'login.code.byPhone'],
];

/** Code mode: the account ID, how the code should come (e-mail or phone), Get Code. */
export function CodeRequestForm({ email, otpVerifyType, onTypeChange, onSubmit, onPasswordLogin }: CodeRequestFormProps) {
  const { t } = useTranslation();
  const form = useNativeForm(FIELDS, validateCodeLogin, onSubmit);
  return (
    <form {...form.formProps}>
      <p>{t('login.code.intro')}</p>
      <AccountIdField email={email} error={form.errorOf('email')} />
      <fieldset className="radio-group">
        <legend className="field__label">{t('login.code.deliveryLegend')}</legend>
        {DELIVERIES.map(([type, label]) => (
          <label key={type} className="radio-group__option">
            <input type="radio" name="otpVerifyType" checked={otpVerifyType === type} onChange={() => onTypeChange(type)} />
            <span>{t(label)}</span>
          </label>
        ))}
      </fieldset>
      <Button type="submit" busy={form.submitting} className="button--block">
        {t('login.code.getCode')}
      </Button>
      <p className="login__switch">
        <Button variant="link" onClick={() => onPasswordLogin(form.values().email ?? '')}>
          {t('login.code.backToPassword')}
        </Button>
      </p>
    </form>
  );
}
