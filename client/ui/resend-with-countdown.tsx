import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button.tsx';
import { endsIn, useSecondsLeft } from './countdown.ts';
import { usePending } from './use-pending.ts';

export interface ResendWithCountdownProps {
  /** Sends again; resolves true when it went out. */
  send: () => Promise<boolean>;
  /** End of the current wait, epoch milliseconds (0: it can be used now). */
  endsAt: number;
  /** The wait after each send made here; without it the caller moves `endsAt` (e.g. from the server's count). */
  seconds?: number;
  /** Translation keys: the button, and the waiting text (with `{{seconds}}`). */
  label: string;
  waitingText: string;
  /**
   * 'button': a secondary button with the seconds beside it and `readyText` announced when it can
   * be used; 'link': a link-style button whose own name carries the seconds.
   */
  look: 'button' | 'link';
  readyText?: string;
}

/** The one resend button: disabled while its countdown runs, busy while sending, counting again after a send. */
export function ResendWithCountdown({ send, endsAt, seconds, label, waitingText, look, readyText }: ResendWithCountdownProps) {
  const { t } = useTranslation();
  const countdownId = useId();
  const [restartedAt, setRestartedAt] = useState(0);
  const left = useSecondsLeft(Math.max(endsAt, restartedAt));
  const { run: trigger, busy: isMutating } = usePending(send);
  const waiting = left > 0;

  const resend = async () => {
    if ((await trigger().catch(() => false)) && seconds !== undefined) setRestartedAt(endsIn(seconds));
  };

  if (look === 'link') {
    return (
      <Button variant="link" busy={isMutating} disabled={waiting} onClick={() => void resend()}>
        {waiting ? t(waitingText, { seconds: left }) : t(label)}
      </Button>
    );
  }
  return (
    <div className="resend">
      <Button
        variant="secondary"
        onClick={() => void resend()}
        disabled={waiting}
        busy={isMutating}
        aria-describedby={waiting ? countdownId : undefined}
      >
        {t(label)}
      </Button>
      {/* The seconds are not a live region (one announcement a second); the moment the button can be used is. */}
      <p id={countdownId} className="resend__countdown">
        {waiting ? t(waitingText, { seconds: left }) : ''}
      </p>
      {readyText && (
        <p className="visually-hidden" role="status">
          {waiting ? '' : t(readyText)}
        </p>
      )}
    </div>
  );
}
