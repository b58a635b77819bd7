import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RESEND_COUNTDOWN_SECONDS } from '../../../shared/limits.ts';
import { ApiError } from '../../api/http.ts';
import { Button } from '../button.tsx';
import { toastError, toastSuccess } from '../../state/toasts.ts';
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
  const { t } = useTranslation();
  const countdown = useCountdown(RESEND_COUNTDOWN_SECONDS, sentAt);
  const [sending, setSending] = useState(false);
  const countdownId = useId();
  const waiting = countdown.remaining > 0;

  const resend = async () => {
    setSending(true);
    try {
      const reply = await send();
      if (reply.isSuccess) {
        toastSuccess('password.sent.resent');
        countdown.start();
        onSent?.();
      } else {
        toastError({ messageKey: `error.${reply.code}`, ...(reply.title ? { text: reply.title } : {}) });
      }
    } catch (error) {
      toastError({ messageKey: error instanceof ApiError && error.kind === 'network' ? 'error.network' : 'error.servererror' });
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="resend">
      <Button variant="secondary" onClick={resend} disabled={waiting} busy={sending} aria-describedby={waiting ? countdownId : undefined}>
        {t('password.sent.resend')}
      </Button>
      <p id={countdownId} className="resend__countdown">
        {waiting ? t('password.sent.resendIn', { seconds: countdown.remaining }) : ''}
      </p>
      <p className="visually-hidden" role="status">
        {waiting ? '' : t('password.sent.resendReady')}
      </p>
    </div>
  );
}
