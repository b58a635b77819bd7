import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Policies open in a new tab so the half-filled form stays where it is. A short visible text
 * ("View") takes the full name (`label`) for screen readers, which read links out of context;
 * the full name contains the visible word, so a voice command naming what is seen still works.
 */
export function ExternalLink({ href, children, label }: { href: string; children: ReactNode; label?: string }) {
  const { t } = useTranslation();
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" aria-label={label && `${label} ${t('register.privacy.newTab')}`}>
      {children}
      <span className="visually-hidden"> {t('register.privacy.newTab')}</span>
    </a>
  );
}
