import { isLanguage, negotiateLanguage, type Language } from '../../shared/languages.ts';

/**
 * The language of a mail: the body's `lang` when it is a portal language, else the
 * Accept-Language header, else the fallback (the member's stored language, or en).
 */
export function mailLanguage(bodyLang: string | undefined, acceptLanguage: string | undefined, fallback?: string): Language {
  const fromBody = bodyLang?.trim().toLowerCase();
  if (isLanguage(fromBody)) return fromBody;
  if (acceptLanguage && acceptLanguage.trim() !== '') return negotiateLanguage(acceptLanguage.split(','));
  return isLanguage(fallback) ? fallback : 'en';
}
