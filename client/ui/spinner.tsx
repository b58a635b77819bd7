import { useTranslation } from 'react-i18next';

export interface SpinnerProps {
  /** Translation key read out to screen readers; defaults to common.loading. */
  label?: string;
  /** Small spinner inside a line of text or a button instead of a centred block. */
  inline?: boolean;
}

export function Spinner({ label = 'common.loading', inline = false }: SpinnerProps) {
  const { t } = useTranslation();
  return (
    <span className={inline ? 'spinner spinner--inline' : 'spinner'} role="status">
      <span className="spinner__wheel" aria-hidden="true" />
      <span className="visually-hidden">{t(label)}</span>
    </span>
  );
}
