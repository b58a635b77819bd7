import type { ButtonHTMLAttributes, Ref } from 'react';
import { Spinner } from './spinner.tsx';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  ref?: Ref<HTMLButtonElement>;
  variant?: 'primary' | 'secondary' | 'link';
  /** Shows a spinner and blocks further clicks while the action runs. */
  busy?: boolean;
}

export function Button({ variant = 'primary', busy = false, disabled, className, children, type = 'button', ...rest }: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      className={['button', `button--${variant}`, className].filter(Boolean).join(' ')}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
    >
      {busy && <Spinner inline label="common.working" />}
      <span className="button__label">{children}</span>
    </button>
  );
}
