import { Form } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { LOGIN_ID_MAX_LENGTH, PASSWORD_MAX_LENGTH } from '../../../shared/limits.ts';
import { validateLogin, type LoginValues } from '../../../shared/rules/login.ts';
import { Button } from '../../components/button.tsx';
import { Field } from '../../components/field.tsx';
import { PasswordField } from '../../components/password-field.tsx';
import { useUrlSession } from '../../session/use-url-session.ts';

export interface PasswordFormProps {
  onSubmit: (values: LoginValues) => Promise<void>;
  onCodeLogin: () => void;
}

/** Password mode: account ID and password, forgot-password link, the way to code sign-in. */
export function PasswordForm({ onSubmit, onCodeLogin }: PasswordFormProps) {
  const { t } = useTranslation();
  const { queryString } = useUrlSession();
  return (
    <Form<LoginValues>
      onSubmit={onSubmit}
      validate={(values) => validateLogin(values)}
      render={({ handleSubmit, submitting }) => (
        <form onSubmit={handleSubmit} noValidate>
          <Field name="email" label="login.emailOrId" autoComplete="username webauthn" maxLength={LOGIN_ID_MAX_LENGTH} required />
          <PasswordField name="password" label="login.password" maxLength={PASSWORD_MAX_LENGTH} required />
          <p className="login__forgot">
            <Link href={`/forgot-password${queryString}`}>{t('login.forgotPassword')}</Link>
          </p>
          <Button type="submit" busy={submitting} className="button--block">
            {t('login.submit')}
          </Button>
          <p className="login__switch">
            <Button variant="link" onClick={onCodeLogin}>
              {t('login.code.switch')}
            </Button>
          </p>
        </form>
      )}
    />
  );
}
