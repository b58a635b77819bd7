import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { RESEND_COUNTDOWN_SECONDS } from '../../../shared/limits.ts';
import { Button } from '../button.tsx';
import { toastSuccess } from '../../state/toasts.ts';
import { useCountdown } from '../countdown.ts';
import { useResend } from './use-resend.ts';

export interface ResendCountdownProps {
  /** The e-mail address or the id from the activation link. */
  userId: string;
  /** When the last mail went out (epoch milliseconds): the next resend waits for the countdown. */
  sentAt?: number;
  /** From the registration this browser made: the resend then needs no captcha. */
  registrationProof?: string;
  /** Runs after each resend, e.g. to remember the new send time. */
  onResent?: () => void;
  /** Translation key of the button. */
  label?: string;
}

/** The Resend button: disabled while the countdown runs, showing the seconds left; enabled at 0. */
export function ResendCountdown({ userId, sentAt = Date.now(), registrationProof, onResent, label = 'activation.verify.resend' }: ResendCountdownProps) {
  const { t } = useTranslation();
  const countdown = useCountdown(RESEND_COUNTDOWN_SECONDS, sentAt);
  const { send, sending } = useResend();
  const countdownId = useId();
  const waiting = countdown.remaining > 0;

  const resend = async () => {
    if (await send(userId, { registrationProof })) {
      toastSuccess('activation.resent');
      countdown.start();
      onResent?.();
    }
  };

  return (
    <div className="resend">
      <Button variant="secondary" onClick={resend} disabled={waiting} busy={sending} aria-describedby={waiting ? countdownId : undefined}>
        {t(label)}
      </Button>
      {/* The seconds are not a live region (one announcement a second); the moment resending becomes possible is. */}
      <p id={countdownId} className="resend__countdown">
        {waiting ? t('activation.resendIn', { seconds: countdown.remaining }) : ''}
      </p>
      <p className="visually-hidden" role="status">
        {waiting ? '' : t('activation.resendReady')}
      </p>
    </div>
  );
}
