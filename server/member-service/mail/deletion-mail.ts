import { readFileSync } from 'node:fs';
import { LANGUAGES, type Language } from '../../../shared/languages.ts';
import { escapeHtml, interpolate, type RenderedMail } from './templates.ts';
import { buttonLink, htmlMail } from './html-layout.ts';
import { nameValues } from './name-values.ts';

type DeletionKey = 'subject' | 'greeting' | 'intro' | 'restore' | 'action' | 'notYou' | 'signature' | 'automated';
type Catalogue = { accountDeletion: Record<DeletionKey, string> };

const LOCALES_DIR = new URL('../../../locales/', import.meta.url);

const catalogues = Object.fromEntries(
  LANGUAGES.map((lang) => [lang, JSON.parse(readFileSync(new URL(`${lang}/mail.json`, LOCALES_DIR), 'utf8')) as Catalogue]),
) as Record<Language, Catalogue>;

export interface DeletionMailValues {
  firstName: string;
  lastName: string;
  /** The permanent deletion date. */
  deleteAt: number;
  /** Where the member signs in to restore the account. */
  link: string;
}

/** The date as a reader of that language writes it, in UTC (the date the purge counts with). */
function mailDate(lang: Language, ms: number): string {
  return new Intl.DateTimeFormat(lang, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(ms);
}

/** Confirms a deletion request: the permanent deletion date and how to restore before it. */
export function renderDeletionMail(lang: Language, values: DeletionMailValues): RenderedMail {
  const texts = catalogues[lang].accountDeletion;
  const vars = { ...nameValues(lang, values), date: mailDate(lang, values.deleteAt) };
  const plain = (key: DeletionKey) => interpolate(texts[key], vars, (s) => s);
  const html = (key: DeletionKey) => interpolate(escapeHtml(texts[key]), vars, escapeHtml);
  const link = escapeHtml(values.link);

  const text = [
    plain('greeting'),
    plain('intro'),
    plain('restore'),
    `${plain('action')}: ${values.link}`,
    plain('notYou'),
    plain('signature'),
    plain('automated'),
  ].join('\n\n');
  const body = htmlMail(
    lang,
    html('subject'),
    [
      `<p>${html('greeting')}</p>`,
      `<p>${html('intro')}</p>`,
      `<p>${html('restore')}</p>`,
      buttonLink(link, html('action')),
      `<p>${html('notYou')}</p>`,
      `<p>${html('signature')}</p>`,
    ],
    html('automated'),
  );
  return { subject: plain('subject'), text, html: body };
}
