import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Policies open in a new tab so the half-filled form stays where it is. */
export function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden"> {t('register.privacy.newTab')}</span>
    </a>
  );
}
