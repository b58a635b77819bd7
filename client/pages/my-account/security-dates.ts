import { languageTag } from '../../../shared/language-tag.ts';
import type { Language } from '../../../shared/languages.ts';

/** Date and time of an event in the browser's time zone, the way the page's language writes them. */
export function dateTime(iso: string, lang: Language): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(languageTag(lang), { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}
