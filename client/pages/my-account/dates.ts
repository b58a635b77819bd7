import { languageTag } from '../../../shared/language-tag.ts';
import type { Language } from '../../../shared/languages.ts';

const pad = (n: number) => String(n).padStart(2, '0');

const STYLES = {
  numeric: { year: 'numeric', month: '2-digit', day: '2-digit' },
  shortMonth: { month: 'short', day: '2-digit', year: 'numeric' },
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

/** Making an Intl formatter costs far more than using one, and a page writes dozens of dates: one per language and style. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(lang: Language, style: DateStyle): Intl.DateTimeFormat {
  const key = `${lang} ${style}`;
  let formatter = formatters.get(key);
  if (!formatter) formatters.set(key, (formatter = new Intl.DateTimeFormat(languageTag(lang), STYLES[style])));
  return formatter;
}

function format(date: Date, lang: Language, style: DateStyle): string {
  return formatterOf(lang, style).format(date);
}

export type DateStyle = keyof typeof STYLES;
export const DATE_STYLES = Object.keys(STYLES) as DateStyle[];

/** Builds a formatter ahead of the first date it writes (the first one built costs ICU's start as well). */
export function prepareDateFormat(lang: Language, style: DateStyle): void {
  formatterOf(lang, style).format(0);
}

/** The date of an ISO string, or undefined for a missing or unreadable one. */
function dateOf(iso: string | null | undefined): Date | undefined {
  const date = iso ? new Date(iso) : undefined;
  return date && !Number.isNaN(date.getTime()) ? date : undefined;
}

/**
 * A day in figures, in the browser's time zone, or '' for a missing or unreadable date. English
 * pages write MM/DD/YYYY (spec section 9); the other languages write the order their readers
 * expect (2026/11/23 in Japanese and Chinese, 2026. 11. 23. in Korean, 23/11/2026 in Spanish).
 */
export function numericDate(iso: string | null | undefined, lang: Language): string {
  const date = dateOf(iso);
  if (!date) return '';
  if (lang === 'en') return `${pad(date.getMonth() + 1)}/${pad(date.getDate())}/${date.getFullYear()}`;
  return format(date, lang, 'numeric');
}

/** MMM DD, YYYY (spec section 9), written the way the page's language writes a short month. */
export function shortMonthDate(iso: string | null | undefined, lang: Language): string {
  const date = dateOf(iso);
  return date ? format(date, lang, 'shortMonth') : '';
}

/**
 * Date and time of an event in the browser's time zone, the way the page's language writes them,
 * on one line: its spaces do not break, so a phone never shows the day on one line and the hour
 * on the next.
 */
export function dateTime(iso: string, lang: Language): string {
  const date = dateOf(iso);
  return date ? format(date, lang, 'dateTime').replaceAll(' ', '\u00a0') : '';
}
