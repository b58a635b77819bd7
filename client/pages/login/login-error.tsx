import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { RESEND_COUNTDOWN_SECONDS } from '../../../shared/limits.ts';
import { reactivate } from '../../api/verification.ts';
import { Button } from '../../ui/button.tsx';
import { useLanguage } from '../../session/language-context.ts';
import { useUrlSession } from '../../session/use-url-session.ts';
import { minutesAndSeconds, useSecondsLeft } from '../../ui/countdown.ts';
import { ResendWithCountdown } from '../../ui/resend-with-countdown.tsx';

export interface ShownError {
  code: string;
  title?: string;
  /** The account ID typed, for the resend-verification of 'mustactivate'. */
  userId: string;
  /** End of a lock's countdown (AccountLock), epoch milliseconds. */
  endsAt?: number;
}

export interface LoginErrorProps extends ShownError {
  /** On the code screen 'unauthorized' means a wrong code, not an inactive account. */
  verifying?: boolean;
  /** Offered when no text could go to the phone: the code by e-mail instead. */
  onUseEmail?: () => void;
}

/** Codes after which the code is offered by e-mail: the text failed, or the phone is not proven. */
const PHONE_UNAVAILABLE = new Set(['badrequest', 'PhoneNotEnabled']);

/** The translation key of a code's message on the login screen (spec section 8). */
function loginMessageKey(code: string, verifying = false): string {
  if (verifying && code === 'unauthorized') return 'login.code.incorrect';
  return `error.${code}`;
}

/** The resend screen keeps the visit's query values and gets the typed address. */
function resendQuery(queryString: string, userId: string): string {
  const params = new URLSearchParams(queryString);
  for (const name of [...params.keys()]) if (name.toLowerCase() === 'email') params.delete(name);
  params.set('email', userId);
  return params.toString();
}

/** A lock's one message: how long until Sign in works again (m:ss), then that it does. */
function LockCountdown({ endsAt }: { endsAt: number }) {
  const { t } = useTranslation();
  const left = useSecondsLeft(endsAt);
  // Screen readers hear the wait once, as it started, not every tick of the visible count.
  const [spoken] = useState(() => t('login.lock.countdown', { time: minutesAndSeconds(left) }));
  if (left === 0) return <p role="status">{t('login.lock.over')}</p>;
  return (
    <p>
      <span aria-hidden="true">{t('login.lock.countdown', { time: minutesAndSeconds(left) })}</span>
      <span className="visually-hidden">{spoken}</span>
    </p>
  );
}

/** mustactivate: the verification mail can be sent again, then again after a countdown. */
function ResendActivation({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { queryString } = useUrlSession();
  const [sent, setSent] = useState(false);
  const [fallback, setFallback] = useState(false);

  const resend = async () => {
    const ok = await reactivate(userId, lang).then(
      (reply) => reply.isSuccess,
      () => false,
    );
    if (ok) setSent(true);
    else setFallback(true);
    return ok;
  };

  // When the portal wants more (a captcha, a pause), the resend screen asks for it.
  if (fallback) return <Link href={`/resend-verify-mail?${resendQuery(queryString, userId)}`}>{t('login.resendActivation')}</Link>;
  return (
    <>
      <ResendWithCountdown
        send={resend}
        endsAt={0}
        seconds={RESEND_COUNTDOWN_SECONDS}
        look="link"
        label="login.resendActivation"
        waitingText="login.resendActivationIn"
      />
      {sent && <span role="status">{t('login.activationSent')}</span>}
    </>
  );
}

/** The error box above the login forms; a server title wins over the translated code (spec section 8). */
export function LoginError({ code, title, userId, endsAt, verifying, onUseEmail }: LoginErrorProps) {
  const { t } = useTranslation();
  // A lock whose end is known is one short message: why, and how long to wait.
  if (code === 'AccountLock' && endsAt !== undefined)
    return (
      <div className="alert alert--error" role="alert">
        <LockCountdown endsAt={endsAt} />
      </div>
    );
  const message = title ?? t(loginMessageKey(code, verifying), { defaultValue: t('error.AccountOrPwdFail') });
  // No proven phone is a way to go on, not a failure: said calmly, with the e-mail code beside it.
  const guidance = code === 'PhoneNotEnabled';
  return (
    <div className={guidance ? 'alert alert--info' : 'alert alert--error'} role={guidance ? 'status' : 'alert'}>
      <p>{message}</p>
      {code === 'mustactivate' && (
        <p>
          <ResendActivation userId={userId} />
        </p>
      )}
      {PHONE_UNAVAILABLE.has(code) && onUseEmail && (
        <p>
          <Button variant="secondary" className="button--compact" onClick={onUseEmail}>
            {t('login.code.useEmail')}
          </Button>
        </p>
      )}
    </div>
  );
}
