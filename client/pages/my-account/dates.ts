import { languageTag } from '../../../shared/language-tag.ts';
import type { Language } from '../../../shared/languages.ts';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A day in figures, in the browser's time zone, or '' for a missing or unreadable date. English
 * pages write MM/DD/YYYY (spec section 9); the other languages write the order their readers
 * expect (2026/11/23 in Japanese and Chinese, 2026. 11. 23. in Korean, 23/11/2026 in Spanish).
 */
export function numericDate(iso: string | null | undefined, lang: Language): string {
  const date = iso ? new Date(iso) : undefined;
  if (!date || Number.isNaN(date.getTime())) return '';
  if (lang === 'en') return `${pad(date.getMonth() + 1)}/${pad(date.getDate())}/${date.getFullYear()}`;
  return new Intl.DateTimeFormat(languageTag(lang), { year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
}

/** MMM DD, YYYY (spec section 9), written the way the page's language writes a short month. */
export function shortMonthDate(iso: string | null | undefined, lang: Language): string {
  const date = iso ? new Date(iso) : undefined;
  if (!date || Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(languageTag(lang), { month: 'short', day: '2-digit', year: 'numeric' }).format(date);
}
