import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button.tsx';

export interface CountdownButtonProps {
  /** Translation keys: the button, the waiting text (with `{{seconds}}`), and what is announced once it can be used. */
  label: string;
  waitingText: string;
  readyText: string;
  /** Seconds left before the button can be used again. */
  remaining: number;
  busy: boolean;
  onClick: () => void;
}

/** A resend button, disabled while its countdown runs (seconds shown beside it), enabled at 0. */
export function CountdownButton({ label, waitingText, readyText, remaining, busy, onClick }: CountdownButtonProps) {
  const { t } = useTranslation();
  const countdownId = useId();
  const waiting = remaining > 0;
  return (
    <div className="resend">
      <Button variant="secondary" onClick={onClick} disabled={waiting} busy={busy} aria-describedby={waiting ? countdownId : undefined}>
        {t(label)}
      </Button>
      {/* The seconds are not a live region (one announcement a second); the moment the button can be used is. */}
      <p id={countdownId} className="resend__countdown">
        {waiting ? t(waitingText, { seconds: remaining }) : ''}
      </p>
      <p className="visually-hidden" role="status">
        {waiting ? '' : t(readyText)}
      </p>
    </div>
  );
}
