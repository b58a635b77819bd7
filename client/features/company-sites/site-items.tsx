import { useTranslation } from 'react-i18next';
import type { SiteItem } from './company-sites-api.ts';

/** What a company site receives, each in words (never a scope name). */
export function SiteItems({ items, label }: { items: readonly SiteItem[]; label: string }) {
  const { t } = useTranslation();
  return (
    <ul className="site-items" aria-label={label}>
      {items.map((item) => (
        <li key={item}>{t(`oidc.items.${item}`)}</li>
      ))}
    </ul>
  );
}
