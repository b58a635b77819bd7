import { RESEND_COUNTDOWN_SECONDS } from '../../../shared/limits.ts';
import type { Reply } from '../../../shared/schemas/reply.ts';
import { toastFailure } from '../../state/request-failure.ts';
import { toastSuccess } from '../../state/toasts.ts';
import { ResendWithCountdown } from '../../ui/resend-with-countdown.tsx';

export interface ResendButtonProps {
  /** Sends the mail again. */
  send: () => Promise<Reply>;
  /** When the last mail went out (epoch milliseconds); the next send waits for the countdown. */
  sentAt: number;
  onSent?: () => void;
}

/** 'Resend e-mail', disabled while the countdown runs (seconds shown), with a toast for the outcome. */
export function ResendButton({ send, sentAt, onSent }: ResendButtonProps) {
  const resend = async () => {
    try {
      const reply = await send();
      if (!reply.isSuccess) {
        toastFailure(reply);
        return false;
      }
      toastSuccess('password.sent.resent');
      onSent?.();
      return true;
    } catch (error) {
      toastFailure(error);
      return false;
    }
  };

  return (
    <ResendWithCountdown
      send={resend}
      endsAt={sentAt > 0 ? sentAt + RESEND_COUNTDOWN_SECONDS * 1000 : 0}
      seconds={RESEND_COUNTDOWN_SECONDS}
      look="button"
      label="password.sent.resend"
      waitingText="password.sent.resendIn"
      readyText="password.sent.resendReady"
    />
  );
}
