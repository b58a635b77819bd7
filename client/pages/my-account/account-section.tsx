import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface AccountSectionProps {
  /** The element id the side menu scrolls to. */
  id: string;
  /** Translation key of the heading. */
  title: string;
  children: ReactNode;
}

/** One section of My account: a card with its heading, which the side menu moves focus to. */
export function AccountSection({ id, title, children }: AccountSectionProps) {
  const { t } = useTranslation();
  return (
    <section id={id} className="card account-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} tabIndex={-1}>
        {t(title)}
      </h2>
      {children}
    </section>
  );
}
