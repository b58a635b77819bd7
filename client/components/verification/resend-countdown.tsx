import { useState } from 'react';
import { RESEND_COUNTDOWN_SECONDS } from '../../../shared/limits.ts';
import { CountdownButton } from '../countdown-button.tsx';
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
export function ResendCountdown({ userId, sentAt, registrationProof, onResent, label = 'activation.verify.resend' }: ResendCountdownProps) {
  const [openedAt] = useState(Date.now);
  const countdown = useCountdown(RESEND_COUNTDOWN_SECONDS, sentAt ?? openedAt);
  const { send, sending } = useResend();

  const resend = async () => {
    if (await send(userId, { registrationProof })) {
      toastSuccess('activation.resent');
      countdown.start();
      onResent?.();
    }
  };

  return (
    <CountdownButton
      label={label}
      waitingText="activation.resendIn"
      readyText="activation.resendReady"
      remaining={countdown.remaining}
      busy={sending}
      onClick={resend}
    />
  );
}
