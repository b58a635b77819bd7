import { useState } from 'react';
import { RESEND_COUNTDOWN_SECONDS } from '../../../shared/limits.ts';
import { toastFailure } from '../../api/request-failure.ts';
import { CountdownButton } from '../countdown-button.tsx';
import { toastSuccess } from '../../state/toasts.ts';
import type { Reply } from '../../../shared/schemas/reply.ts';
import { useCountdown } from '../countdown.ts';

export interface ResendButtonProps {
  /** Sends the mail again. */
  send: () => Promise<Reply>;
  /** When the last mail went out (epoch milliseconds); the next send waits for the countdown. */
  sentAt: number;
  onSent?: () => void;
}

/** 'Resend e-mail', disabled while the countdown runs (seconds shown), with a toast for the outcome. */
export function ResendButton({ send, sentAt, onSent }: ResendButtonProps) {
  const countdown = useCountdown(RESEND_COUNTDOWN_SECONDS, sentAt);
  const [sending, setSending] = useState(false);

  const resend = async () => {
    setSending(true);
    try {
      const reply = await send();
      if (reply.isSuccess) {
        toastSuccess('password.sent.resent');
        countdown.start();
        onSent?.();
      } else {
        toastFailure(reply);
      }
    } catch (error) {
      toastFailure(error);
    } finally {
      setSending(false);
    }
  };

  return (
    <CountdownButton
      label="password.sent.resend"
      waitingText="password.sent.resendIn"
      readyText="password.sent.resendReady"
      remaining={countdown.remaining}
      busy={sending}
      onClick={resend}
    />
  );
}
