import { useRef, useState } from 'react';
import { Form } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import { EMAIL_MAX_LENGTH } from '../../../shared/limits.ts';
import { normalizeEmail, validateEmail } from '../../../shared/rules/email.ts';
import { failureCode } from '../../state/request-failure.ts';
import { forgotPassword } from '../../api/password.ts';
import { usePortalConfig } from '../../api/portal-config.ts';
import { Button } from '../../ui/button.tsx';
import { Captcha } from '../../ui/captcha/captcha.tsx';
import { captchaAnswer } from '../../ui/captcha/captcha-answer.ts';
import { Field } from '../../ui/field.tsx';
import { usePageTitle } from '../../layout/page-title.ts';
import { useLanguage } from '../../session/language-context.ts';
import { rememberUserId } from '../../session/stored-user.ts';
import { useUrlSession } from '../../session/use-url-session.ts';
import { storeSentMail } from '../../features/password-mail/sent-mail.ts';
import { ForgotMessage } from './forgot-message.tsx';
import { forgotOutcome, type ForgotOutcome } from './forgot-outcome.ts';

interface ForgotValues {
  email?: string;
  captchaToken?: string;
}

type Shown = Exclude<ForgotOutcome, { kind: 'sent' }> & { email: string };

/** Forgot password: e-mail, captcha, Change Password (spec section 2). */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const session = useUrlSession();
  const portal = usePortalConfig();
  const captchaType = portal?.captcha.type;
  const [shown, setShown] = useState<Shown>();
  const [submissions, setSubmissions] = useState(0);
  const formElement = useRef<HTMLFormElement>(null);
  usePageTitle('password.forgot.title');

  const submit = async (values: ForgotValues) => {
    const email = normalizeEmail(values.email ?? '');
    setShown(undefined);
    try {
      const reply = await forgotPassword({
        userId: email,
        returnUrl: session.callbackUrl || undefined,
        captchaVerify: captchaAnswer(captchaType, values.captchaToken),
        lang,
      }).finally(() => setSubmissions((count) => count + 1));
      const outcome = forgotOutcome(reply);
      if (outcome.kind === 'sent') {
        rememberUserId(email);
        storeSentMail(email);
        navigate(`/${lang}/reset-password${session.queryString}`);
      } else if (outcome.kind === 'employee' && outcome.url) {
        window.location.assign(outcome.url);
      } else {
        setShown({ ...outcome, email });
      }
    } catch (error) {
      setShown({ kind: 'error', code: failureCode(error), email });
    }
  };

  return (
    <section className="card card--narrow stack forgot-password-page" aria-labelledby="forgot-title">
      <h1 id="forgot-title">{t('password.forgot.title')}</h1>
      <p>{t('password.forgot.intro')}</p>
      <Form<ForgotValues> onSubmit={submit} validate={({ email }) => ({ email: validateEmail(email) })}>
        {({ handleSubmit, submitting, form }) => (
          <form ref={formElement} className="form" noValidate onSubmit={handleSubmit}>
            {shown && (
              <ForgotMessage
                outcome={shown}
                email={shown.email}
                onTryAnother={() => {
                  setShown(undefined);
                  form.restart({ email: '' });
                  formElement.current?.querySelector('input')?.focus();
                }}
              />
            )}
            <Field name="email" type="email" label="password.forgot.email" maxLength={EMAIL_MAX_LENGTH} autoComplete="email" required />
            <Captcha name="captchaToken" type={captchaType} siteKey={portal?.captcha.siteKey} resetKey={submissions} />
            <Button type="submit" busy={submitting} className="button--block">
              {t('password.forgot.submit')}
            </Button>
          </form>
        )}
      </Form>
      <p className="link-row">
        <Link href={`/login${session.queryString}`}>{t('password.forgot.backToLogin')}</Link>
      </p>
    </section>
  );
}
