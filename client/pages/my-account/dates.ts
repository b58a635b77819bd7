import { languageTag } from '../../../shared/language-tag.ts';
import type { Language } from '../../../shared/languages.ts';

const STYLES = {
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

/**
 * A date as one unbreakable piece: its spaces do not break, and in Chinese, which may break
 * between any two characters, word joiners hold it together, so a phone never shows
 * "2026年11月27" on one line and "日" on the next.
 */
function format(date: Date, lang: Language, style: DateStyle): string {
  const text = formatterOf(lang, style).format(date).replaceAll(' ', '\u00a0');
  return lang.startsWith('zh') ? [...text].join('\u2060') : text;
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
 * MMM DD, YYYY (spec section 9), written the way the page's language writes a short month: the
 * one style of a day on a page (English readers worldwide read "Dec 27, 2026" alike).
 */
export function shortMonthDate(iso: string | null | undefined, lang: Language): string {
  const date = dateOf(iso);
  return date ? format(date, lang, 'shortMonth') : '';
}

/**
 * Date and time of an event in the browser's time zone, the way the page's language writes them,
 * on one line, so a phone never shows the day on one line and the hour on the next.
 */
export function dateTime(iso: string, lang: Language): string {
  const date = dateOf(iso);
  return date ? format(date, lang, 'dateTime') : '';
}
