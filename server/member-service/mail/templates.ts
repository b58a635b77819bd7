import { readFileSync } from 'node:fs';
import { LANGUAGES, type Language } from '../../../shared/languages.ts';
import { buttonLink, htmlMail } from './html-layout.ts';
import { nameValues } from './name-values.ts';

type Catalogue = { verifyEmail: Record<VerifyEmailKey, string> };
type VerifyEmailKey = 'subject' | 'greeting' | 'intro' | 'action' | 'linkHint' | 'validity' | 'ignore' | 'signature' | 'automated';

const LOCALES_DIR = new URL('../../../locales/', import.meta.url);

/** Mail texts of every portal language, read once from locales/{lang}/mail.json. */
const catalogues = Object.fromEntries(
  LANGUAGES.map((lang) => [lang, JSON.parse(readFileSync(new URL(`${lang}/mail.json`, LOCALES_DIR), 'utf8')) as Catalogue]),
) as Record<Language, Catalogue>;

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export function interpolate(template: string, values: Record<string, string>, escape: (s: string) => string): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => escape(values[key] ?? ''));
}

export const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

export interface VerifyEmailValues {
  firstName: string;
  lastName: string;
  email: string;
  link: string;
  days: number;
}

export function renderVerifyEmail(lang: Language, values: VerifyEmailValues): RenderedMail {
  const texts = catalogues[lang].verifyEmail;
  const vars = { ...nameValues(lang, values), email: values.email, days: String(values.days) };
  const plain = (key: VerifyEmailKey) => interpolate(texts[key], vars, (s) => s);
  const html = (key: VerifyEmailKey) => interpolate(escapeHtml(texts[key]), vars, escapeHtml);
  const link = escapeHtml(values.link);

  const text = [
    plain('greeting'),
    '',
    plain('intro'),
    '',
    `${plain('action')}: ${values.link}`,
    '',
    plain('validity'),
    plain('ignore'),
    '',
    plain('signature'),
    '',
    plain('automated'),
  ].join('\n');

  const body = htmlMail(
    lang,
    html('subject'),
    [
      `<p>${html('greeting')}</p>`,
      `<p>${html('intro')}</p>`,
      buttonLink(link, html('action')),
      `<p>${html('linkHint')}<br><a href="${link}">${link}</a></p>`,
      `<p>${html('validity')}</p>`,
      `<p>${html('ignore')}</p>`,
      `<p>${html('signature')}</p>`,
    ],
    html('automated'),
  );

  return { subject: plain('subject'), text, html: body };
}
