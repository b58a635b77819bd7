import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { PASSWORD_MAX_LENGTH } from '../../../shared/limits.ts';
import { validateLogin, type LoginValues } from '../../../shared/rules/login.ts';
import { Button } from '../../ui/button.tsx';
import { FieldControl } from '../../ui/field-control.tsx';
import { useSecondsLeft } from '../../ui/countdown.ts';
import { useNativeForm } from '../../ui/native-form.ts';
import { AccountIdField } from './account-id-field.tsx';
import { useUrlSession } from '../../session/use-url-session.ts';

export interface PasswordFormProps {
  /** The account ID typed in another mode, kept when the member comes back. */
  email: string;
  /** Resolves to true when the password was refused: the form then clears it for the next try. */
  onSubmit: (values: LoginValues) => Promise<boolean>;
  /** Switches to code sign-in, taking the typed account ID along. */
  onCodeLogin: (email: string) => void;
  /** End of the account's lock (epoch milliseconds): Sign in waits for it. */
  lockedUntil?: number;
}

const FIELDS = ['email', 'password'] as const;

/** Password mode: account ID and password, forgot-password link, the way to code sign-in. */
export function PasswordForm({ email, onSubmit, onCodeLogin, lockedUntil }: PasswordFormProps) {
  const { t } = useTranslation();
  const locked = useSecondsLeft(lockedUntil ?? 0) > 0;
  const { queryString } = useUrlSession();
  const form = useNativeForm(FIELDS, validateLogin, async (values, { clear }) => {
    // A refused password is cleared (no stale dots to delete first) and its field waits for the next.
    if (await onSubmit(values)) clear('password');
  });
  return (
    <form {...form.formProps}>
      <AccountIdField email={email} error={form.errorOf('email')} offersPasskeys />
      <FieldControl
        name="password"
        type="password"
        input={{ defaultValue: '' }}
        error={form.errorOf('password')}
        label="login.password"
        autoComplete="current-password"
        maxLength={PASSWORD_MAX_LENGTH}
        required
      />
      <p className="login__forgot">
        <Link href={`/forgot-password${queryString}`}>{t('login.forgotPassword')}</Link>
      </p>
      <Button type="submit" busy={form.submitting} disabled={locked} className="button--block">
        {t('login.submit')}
      </Button>
      <p className="login__switch">
        <Button variant="link" onClick={() => onCodeLogin(form.values().email ?? '')}>
          {t('login.code.switch')}
        </Button>
      </p>
    </form>
  );
}
