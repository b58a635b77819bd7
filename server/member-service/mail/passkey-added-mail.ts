import { readFileSync } from 'node:fs';
import { LANGUAGES, type Language } from '../../../shared/languages.ts';
import type { MemberServiceConfig } from '../config.ts';
import type { MemberRow } from '../store/schema.ts';
import { buttonLink, htmlMail } from './html-layout.ts';
import type { OutgoingMail } from './mailer.ts';
import { nameValues } from './name-values.ts';
import { escapeHtml, interpolate } from './templates.ts';

type PasskeyAddedKey = 'subject' | 'greeting' | 'intro' | 'when' | 'ifYou' | 'ifNot' | 'action' | 'signature' | 'automated';
type Catalogue = { passkeyAdded: Record<PasskeyAddedKey, string> };

const LOCALES_DIR = new URL('../../../locales/', import.meta.url);

const catalogues = Object.fromEntries(
  LANGUAGES.map((lang) => [lang, JSON.parse(readFileSync(new URL(`${lang}/mail.json`, LOCALES_DIR), 'utf8')) as Catalogue]),
) as Record<Language, Catalogue>;

/**
 * Tells the member a passkey was added (ASVS 6.3.7: notify after authentication changes), with
 * the way to remove it: My account's Passkeys section.
 */
export function passkeyAddedMail(
  config: Pick<MemberServiceConfig, 'publicOrigin'>,
  member: MemberRow,
  lang: Language,
  passkeyName: string,
  at: number,
): OutgoingMail {
  const texts = catalogues[lang].passkeyAdded;
  const vars = { ...nameValues(lang, { firstName: member.first_name, lastName: member.last_name }), passkey: passkeyName };
  const plain = (key: PasskeyAddedKey) => interpolate(texts[key], vars, (s) => s);
  const html = (key: PasskeyAddedKey) => interpolate(escapeHtml(texts[key]), vars, escapeHtml);
  const when = `${new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(at)} UTC`;
  const link = `${config.publicOrigin}/${lang}/my-account#passkeys`;
  const text = [
    plain('greeting'),
    plain('intro'),
    `${plain('when')}: ${when}`,
    plain('ifYou'),
    plain('ifNot'),
    `${plain('action')}: ${link}`,
    plain('signature'),
    plain('automated'),
  ].join('\n\n');
  const body = htmlMail(
    lang,
    html('subject'),
    [
      `<p>${html('greeting')}</p>`,
      `<p>${html('intro')}</p>`,
      `<p>${html('when')}: ${escapeHtml(when)}</p>`,
      `<p>${html('ifYou')}</p>`,
      `<p>${html('ifNot')}</p>`,
      buttonLink(escapeHtml(link), html('action')),
      `<p>${html('signature')}</p>`,
    ],
    html('automated'),
  );
  return { to: member.email, subject: plain('subject'), text, html: body };
}
