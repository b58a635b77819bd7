import type { Language } from '../../../shared/languages.ts';

const pad = (n: number) => String(n).padStart(2, '0');

/** MM/DD/YYYY in the browser's time zone (spec section 9), or '' for a missing or unreadable date. */
export function monthDayYear(iso: string | null | undefined): string {
  const date = iso ? new Date(iso) : undefined;
  if (!date || Number.isNaN(date.getTime())) return '';
  return `${pad(date.getMonth() + 1)}/${pad(date.getDate())}/${date.getFullYear()}`;
}

/** MMM DD, YYYY (spec section 9), written the way the page's language writes a short month. */
export function shortMonthDate(iso: string | null | undefined, lang: Language): string {
  const date = iso ? new Date(iso) : undefined;
  if (!date || Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(lang === 'en' ? 'en-US' : lang, { month: 'short', day: '2-digit', year: 'numeric' }).format(date);
}
