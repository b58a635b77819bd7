import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { documentTitle, OTHER_SCREEN, SCREEN_META } from './screen-meta.ts';

/** Sets the content of a `<meta>` the page shell wrote (scripts/client-shell.ts), if it is there. */
function setMeta(selector: string, content: string): void {
  document.head.querySelector<HTMLMetaElement>(selector)?.setAttribute('content', content);
}

/**
 * Sets the document title to the screen's heading and the portal's name ("Sign in · Member
 * Portal"), so tabs and screen readers name the page; the link-preview title follows.
 */
export function usePageTitle(key: string): void {
  const { t, i18n } = useTranslation();
  useEffect(() => {
    const title = documentTitle(t(key), t('common.brand'));
    document.title = title;
    setMeta('meta[property="og:title"]', title);
  }, [key, t, i18n.language]);
}

/** The screen's description (search results, link previews), kept in step with the route. */
export function useScreenDescription(page: string): void {
  const { t, i18n } = useTranslation();
  useEffect(() => {
    const description = t((SCREEN_META[page] ?? OTHER_SCREEN).description ?? 'common.meta.description');
    setMeta('meta[name="description"]', description);
    setMeta('meta[property="og:description"]', description);
  }, [page, t, i18n.language]);
}
