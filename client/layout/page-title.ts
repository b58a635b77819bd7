import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the document title to the screen's heading, so tabs and screen readers name the page. */
export function usePageTitle(key: string): void {
  const { t, i18n } = useTranslation();
  useEffect(() => {
    document.title = `${t(key)} | ${t('common.brand')}`;
  }, [key, t, i18n.language]);
}
