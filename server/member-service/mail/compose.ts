import { readFileSync } from 'node:fs';
import { LANGUAGES, type Language } from '../../../shared/languages.ts';
import { buttonLink, htmlMail } from './html-layout.ts';

/** The sections of locales/{lang}/mail.json, one a message; `common` holds what every mail ends with. */
export type MailSection =
  | 'verifyEmail'
  | 'accountDeletion'
  | 'otpCode'
  | 'passwordReset'
  | 'passwordChanged'
  | 'passwordReminder'
  | 'newDeviceSignIn'
  | 'passkeyAdded'
  | 'passkeyCloned'
  | 'socialConnected';

type Texts = Record<string, string>;
type MailCatalogue = Record<MailSection | 'common', Texts>;

const LOCALES_DIR = new URL('../../../locales/', import.meta.url);

/** Mail texts of every portal language, read once. */
const catalogues = Object.fromEntries(
  LANGUAGES.map((lang) => [lang, JSON.parse(readFileSync(new URL(`${lang}/mail.json`, LOCALES_DIR), 'utf8')) as MailCatalogue]),
) as Record<Language, MailCatalogue>;

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

function template(lang: Language, section: MailSection, key: string): string {
  const found = catalogues[lang][section][key] ?? catalogues[lang].common[key];
  if (found === undefined) throw new Error(`mail.json of ${lang} has no ${section}.${key}`);
  return found;
}

/** One text of a message as plain text, its {{placeholders}} filled in (text messages, values of a mail). */
export function mailText(lang: Language, section: MailSection, key: string, values: Record<string, string> = {}): string {
  return interpolate(template(lang, section, key), values, (s) => s);
}

/** A part of a mail's body; keys name texts of the mail's section (or of `common`). */
export type MailBlock =
  /** A paragraph. */
  | { say: string }
  /** A labelled value on a line of its own: "When: …". */
  | { label: string; value: string }
  /** Labelled values as a list. */
  | { details: ReadonlyArray<readonly [label: string, value: string]> }
  /** The button for an action; the plain text gives its link. `spelledOut` also writes the link under the button. */
  | { action: string; link: string; spelledOut?: boolean }
  /** A one-time code, set large. */
  | { code: string };

/**
 * A mail as every portal mail is built: greeting, the mail's own blocks, signature, and the
 * notice that it was sent automatically, drawn as plain text and as HTML from the same blocks,
 * so the two parts never say different things. Values are plain text; HTML escapes them.
 */
export function composeMail(
  lang: Language,
  section: MailSection,
  values: Record<string, string>,
  blocks: readonly MailBlock[],
): RenderedMail {
  const plain = (key: string) => interpolate(template(lang, section, key), values, (s) => s);
  const html = (key: string) => interpolate(escapeHtml(template(lang, section, key)), values, escapeHtml);
  // A mail to an address not yet proven carries no name (name-values.ts): its greeting has none either.
  const greeting = (values.name ?? '').trim() === '' ? 'greetingNoName' : 'greeting';
  const all: MailBlock[] = [{ say: greeting }, ...blocks, { say: 'signature' }];

  const asText = (block: MailBlock): string => {
    if ('say' in block) return plain(block.say);
    if ('label' in block) return `${plain(block.label)}: ${block.value}`;
    if ('details' in block) return block.details.map(([label, value]) => `${plain(label)}: ${value}`).join('\n');
    if ('action' in block) return `${plain(block.action)}: ${block.link}`;
    return block.code;
  };
  const asHtml = (block: MailBlock): string => {
    if ('say' in block) return `<p>${html(block.say)}</p>`;
    if ('label' in block) return `<p>${html(block.label)}: ${escapeHtml(block.value)}</p>`;
    if ('details' in block)
      return `<ul>${block.details.map(([label, value]) => `<li>${html(label)}: ${escapeHtml(value)}</li>`).join('')}</ul>`;
    if ('action' in block) {
      const link = escapeHtml(block.link);
      const button = buttonLink(link, html(block.action));
      return block.spelledOut ? `${button}\n<p>${html('linkHint')}<br><a href="${link}">${link}</a></p>` : button;
    }
    return `<p style="font-size: 28px; font-weight: bold; letter-spacing: 6px">${escapeHtml(block.code)}</p>`;
  };

  return {
    subject: plain('subject'),
    text: [...all.map(asText), plain('automated')].join('\n\n'),
    html: htmlMail(lang, html('subject'), all.map(asHtml), html('automated')),
  };
}

/** Date and time as a reader of the language writes them, in UTC (said so, since the member's zone is unknown). */
export function mailDateTime(lang: Language, ms: number): string {
  return `${new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(ms)} UTC`;
}
