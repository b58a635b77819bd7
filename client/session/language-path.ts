import { toLanguage, type Language } from '../../shared/languages.ts';

/** The language of a path such as '/ja-jp/my-account'; unknown locales read as en. */
export function languageOfPath(pathname: string): Language {
  return toLanguage(pathname.split('/')[1] ?? '');
}

/** The screen segment after the language, lowercased: 'my-account', 'auth', '' ... */
export function pageOfPath(pathname: string): string {
  return (pathname.split('/')[2] ?? '').toLowerCase();
}

/**
 * The path after a language switch (spec section 2): '/{newlang}/' plus the remaining
 * segments when the path has more than two segments (counting the leading empty one);
 * a bare '/{lang}' becomes '/{newlang}'.
 */
export function switchLanguagePath(pathname: string, lang: Language): string {
  const segments = pathname.split('/');
  if (segments.length > 2) return ['', lang, ...segments.slice(2)].join('/');
  return `/${lang}`;
}

const LAST_PAGE_KEY = 'lastPageUrl';

function readLastPage(): string | undefined {
  return sessionStorage.getItem(LAST_PAGE_KEY) ?? undefined;
}

export function rememberLastPage(path: string): void {
  sessionStorage.setItem(LAST_PAGE_KEY, path);
}

/** The stored last page follows a language switch the same way the address does. */
export function switchLastPageLanguage(lang: Language): void {
  const last = readLastPage();
  if (!last) return;
  const url = new URL(last, location.origin);
  rememberLastPage(switchLanguagePath(url.pathname, lang) + url.search);
}
