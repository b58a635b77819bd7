import { useState } from 'react';
import { RESEND_COUNTDOWN_SECONDS } from '../../../shared/limits.ts';
import { toastSuccess } from '../../state/toasts.ts';
import { ResendWithCountdown } from '../../ui/resend-with-countdown.tsx';
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

/** Resending the verification mail: disabled while the countdown runs, showing the seconds left; enabled at 0. */
export function ResendCountdown({ userId, sentAt, registrationProof, onResent, label = 'activation.verify.resend' }: ResendCountdownProps) {
  const [openedAt] = useState(Date.now);
  const { send } = useResend();

  const resend = async () => {
    const sent = await send(userId, { registrationProof });
    if (sent) {
      toastSuccess('activation.resent');
      onResent?.();
    }
    return sent;
  };

  return (
    <ResendWithCountdown
      send={resend}
      endsAt={(sentAt ?? openedAt) + RESEND_COUNTDOWN_SECONDS * 1000}
      seconds={RESEND_COUNTDOWN_SECONDS}
      look="button"
      label={label}
      waitingText="activation.resendIn"
      readyText="activation.resendReady"
    />
  );
}
