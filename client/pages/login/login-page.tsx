import { useState } from 'react';
import { Form } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import { LOGIN_ID_MAX_LENGTH, LOGIN_PASSWORD_MAX_LENGTH } from '../../../shared/limits.ts';
import { validateLogin, type LoginValues } from '../../../shared/rules/login.ts';
import { login } from '../../api/auth.ts';
import { ApiError } from '../../api/http.ts';
import { Button } from '../../components/button.tsx';
import { Field } from '../../components/field.tsx';
import { PasswordField } from '../../components/password-field.tsx';
import { usePageTitle } from '../../layout/page-title.ts';
import { useLanguage } from '../../session/language-context.ts';
import { rememberUserId } from '../../session/stored-user.ts';
import { useUrlSession } from '../../session/use-url-session.ts';
import { privacyPolicyLink } from '../../site-links.ts';
import { SocialButtons } from '../../components/social/social-buttons.tsx';
import { useVariant } from '../../variant.ts';
import { LoginError } from './login-error.tsx';
import { loginOutcome } from './login-outcome.ts';
import { MyaAnnouncement } from './mya-announcement.tsx';

interface ShownError {
  code: string;
  title?: string;
  userId: string;
}

/** Password sign-in (spec section 2, Login, password mode). */
export default function LoginPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const session = useUrlSession();
  const variant = useVariant();
  const [error, setError] = useState<ShownError | undefined>();
  usePageTitle('login.title');

  const submit = async (values: LoginValues) => {
    const userId = (values.email ?? '').trim();
    setError(undefined);
    try {
      const reply = await login({
        userId,
        password: values.password ?? '',
        returnUrl: session.callbackUrl || undefined,
        pass: session.pass || undefined,
      });
      const outcome = loginOutcome(reply, lang, userId);
      if (outcome.kind === 'leave') {
        // A full load: the next screen may be another site, and the session is new.
        window.location.assign(outcome.url);
        // Keeps the button busy until the page goes away.
        await new Promise(() => undefined);
      } else if (outcome.kind === 'screen') {
        if (outcome.userId) rememberUserId(outcome.userId);
        navigate(outcome.path + session.queryString);
      } else {
        setError({ code: outcome.code, title: outcome.title, userId });
      }
    } catch (caught) {
      const code = caught instanceof ApiError && caught.kind === 'network' ? 'network' : 'somethingWentWrong';
      setError({ code, userId });
    }
  };

  return (
    <section className="card card--narrow" aria-labelledby="login-title">
      <h1 id="login-title">{t('login.title')}</h1>
      {variant.showMyaAnnouncement && <MyaAnnouncement />}
      {error && <LoginError {...error} />}
      <Form<LoginValues>
        onSubmit={submit}
        validate={(values) => validateLogin(values)}
        render={({ handleSubmit, submitting }) => (
          <form onSubmit={handleSubmit} noValidate>
            <Field
              name="email"
              label="login.emailOrId"
              autoComplete="username"
              maxLength={LOGIN_ID_MAX_LENGTH}
              required
            />
            <PasswordField name="password" label="login.password" maxLength={LOGIN_PASSWORD_MAX_LENGTH} required />
            <p className="login__forgot">
              <Link href={`/forgot-password${session.queryString}`}>{t('login.forgotPassword')}</Link>
            </p>
            <Button type="submit" busy={submitting} className="button--block">
              {t('login.submit')}
            </Button>
          </form>
        )}
      />
      <SocialButtons origin="login" />
      <p className="login__signup">
        {t('login.noAccount')} <Link href={`/register${session.queryString}`}>{t('login.signUp')}</Link>
      </p>
      <p className="login__privacy">
        {t('login.privacyNotice')}{' '}
        <a href={privacyPolicyLink(lang, variant.brand)} target="_blank" rel="noopener noreferrer">
          {t('login.privacyPolicy')}
        </a>
      </p>
    </section>
  );
}
