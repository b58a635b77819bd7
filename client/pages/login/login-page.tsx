import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { OtpVerifyType } from '../../../shared/enums.ts';
import { OTP_SEND_WINDOW_SECONDS } from '../../../shared/limits.ts';
import type { LoginValues } from '../../../shared/rules/login.ts';
import type { LoginResultData } from '../../../shared/schemas/auth.ts';
import type { Reply } from '../../../shared/schemas/reply.ts';
import { login, otpVerify, sendOtpCode } from '../../api/auth.ts';
import { failureCode } from '../../state/request-failure.ts';
import { usePageTitle } from '../../layout/page-title.ts';
import { continueAfterSignIn } from '../../session/after-sign-in.ts';
import { useLanguage } from '../../session/language-context.ts';
import { loginOutcome } from '../../session/login-outcome.ts';
import { useUrlSession } from '../../session/use-url-session.ts';
import { privacyPolicyLink } from '../../site-links.ts';
import { SocialButtons } from '../../features/social/social-buttons.tsx';
import { useVariant } from '../../variant.ts';
import { CodeRequestForm } from './code-request-form.tsx';
import { CodeVerifyForm, type CodeSent } from './code-verify-form.tsx';
import { LoginError, type ShownError } from './login-error.tsx';
import { ContinueTo } from './continue-to.tsx';
import { MyaAnnouncement } from './mya-announcement.tsx';
import { rememberCodeSent, startingCountdown } from './otp-cookies.ts';
import { PasswordForm } from './password-form.tsx';
import { PasskeySignIn } from './passkey-sign-in.tsx';
import { endsIn } from '../../ui/countdown.ts';
import { LinkedText } from '../../ui/linked-text.tsx';

/** The three modes of the login screen (spec section 2). */
type Mode = { name: 'password' } | { name: 'code' } | ({ name: 'verify' } & CodeSent);

/** The screen's heading: where to look once a code is on its way, else Sign in. */
function heading(mode: Mode): string {
  if (mode.name !== 'verify') return 'login.title';
  return mode.otpVerifyType === OtpVerifyType.Phone ? 'login.code.checkPhone' : 'login.code.checkEmail';
}

/** Replies after which the typed password is of no more use. */
const PASSWORD_REFUSED = new Set(['AccountOrPwdFail', 'AccountLock']);

/** Sign-in by password or by a one-time code sent by e-mail or to the phone. */
export default function LoginPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const session = useUrlSession();
  const variant = useVariant();
  const [mode, setMode] = useState<Mode>({ name: 'password' });
  const [otpVerifyType, setOtpVerifyType] = useState<OtpVerifyType>(OtpVerifyType.Email);
  const [error, setError] = useState<ShownError | undefined>();
  // The account ID goes along from one mode to the other.
  const [email, setEmail] = useState('');
  usePageTitle('login.title');

  const returnUrl = session.callbackUrl || undefined;
  const pass = session.pass || undefined;

  const toPasswordMode = (typed: string) => {
    setEmail(typed);
    setError(undefined);
    setOtpVerifyType(OtpVerifyType.Email);
    setMode({ name: 'password' });
  };

  /** A sign-in reply: leave, go to another screen, or show why not (the code refused, if any). */
  const follow = async (reply: Reply<LoginResultData>, userId: string): Promise<string | undefined> => {
    const outcome = loginOutcome(reply, lang, userId);
    if (outcome.kind === 'error') {
      setError({
        code: outcome.code,
        title: outcome.title,
        userId,
        endsAt: outcome.remainingSeconds ? endsIn(outcome.remainingSeconds) : undefined,
      });
      return outcome.code;
    }
    await continueAfterSignIn(outcome, session.queryString, { fragment: window.location.hash });
    // Leaving: keeps the button busy until the page goes away.
    if (outcome.kind === 'leave') await new Promise(() => undefined);
    return undefined;
  };

  /** Resolves to true when the password was refused, so the form clears it. */
  const signIn = async (values: LoginValues): Promise<boolean> => {
    const userId = (values.email ?? '').trim();
    setError(undefined);
    try {
      const reply = await login({ userId, password: values.password ?? '', returnUrl, pass });
      if (reply.code === 'confirmbycode') {
        // The password was chosen before the address was proven: a mailed code confirms it, once.
        await requestCode(userId, OtpVerifyType.Email, true);
        return false;
      }
      const refused = await follow(reply, userId);
      return refused !== undefined && PASSWORD_REFUSED.has(refused);
    } catch (caught) {
      setError({ code: failureCode(caught), userId });
      return false;
    }
  };

  const requestCode = async (userId: string, type: OtpVerifyType, confirmingPassword = false) => {
    setError(undefined);
    try {
      const reply = await sendOtpCode({ userId, otpVerifyType: type, lang });
      if (!reply.isSuccess) {
        setError({ code: reply.code, title: reply.title || undefined, userId });
        return;
      }
      const data = reply.data;
      const remaining = data?.remainingSeconds ?? OTP_SEND_WINDOW_SECONDS;
      if (type === OtpVerifyType.Phone) rememberCodeSent(userId, Date.now() - (OTP_SEND_WINDOW_SECONDS - remaining) * 1000);
      const countdown = startingCountdown(userId, data?.remainingSeconds);
      setMode({
        name: 'verify',
        userId,
        otpVerifyType: type,
        lastThreeDigits: data?.lastThreeDigits,
        resendEndsAt: endsIn(countdown),
        confirmingPassword,
      });
    } catch (caught) {
      setError({ code: failureCode(caught), userId });
    }
  };

  const verifyCode = async (sent: CodeSent, code: string) => {
    setError(undefined);
    try {
      await follow(
        await otpVerify({ userId: sent.userId, code: code.trim(), otpVerifyType: sent.otpVerifyType, returnUrl, pass }),
        sent.userId,
      );
    } catch (caught) {
      setError({ code: failureCode(caught), userId: sent.userId });
    }
  };

  const sendByEmailInstead = () => {
    setOtpVerifyType(OtpVerifyType.Email);
    if (error) void requestCode(error.userId, OtpVerifyType.Email);
  };

  return (
    <section className="card card--narrow" aria-labelledby="login-title">
      <h1 id="login-title">{t(heading(mode))}</h1>
      <ContinueTo />
      {variant.showMyaAnnouncement && <MyaAnnouncement />}
      {mode.name === 'password' && <SocialButtons origin="login" />}
      {error && error.code !== 'defaultpwd' && <LoginError {...error} verifying={mode.name === 'verify'} onUseEmail={sendByEmailInstead} />}
      {mode.name === 'password' && (
        <PasswordForm
          email={email}
          lockedUntil={error?.code === 'AccountLock' ? error.endsAt : undefined}
          onSubmit={signIn}
          onCodeLogin={(typed) => {
            setEmail(typed);
            setError(undefined);
            setMode({ name: 'code' });
          }}
        />
      )}
      {mode.name === 'code' && (
        <CodeRequestForm
          email={email}
          otpVerifyType={otpVerifyType}
          onTypeChange={setOtpVerifyType}
          onSubmit={(values) => requestCode((values.email ?? '').trim(), otpVerifyType)}
          onPasswordLogin={toPasswordMode}
        />
      )}
      {mode.name === 'verify' && (
        <CodeVerifyForm
          sent={mode}
          onSubmit={(values) => verifyCode(mode, values.code ?? '')}
          onResend={() => requestCode(mode.userId, mode.otpVerifyType, mode.confirmingPassword)}
          onUseEmail={() => requestCode(mode.userId, OtpVerifyType.Email)}
          onPasswordLogin={() => toPasswordMode(mode.userId)}
        />
      )}
      {mode.name === 'password' && (
        <PasskeySignIn onReply={(reply) => follow(reply, reply.data?.userId ?? '')} onError={(code) => setError({ code, userId: '' })} />
      )}
      <p className="login__signup">
        {t('login.noAccount')} <Link href={`/register${session.queryString}`}>{t('login.signUp')}</Link>
      </p>
      <p className="login__privacy">
        <LinkedText
          text={t('login.privacyStatement')}
          name="policy"
          link={<a href={privacyPolicyLink(lang, variant.brand)} target="_blank" rel="noopener noreferrer" />}
        />
      </p>
    </section>
  );
}
