import { readFileSync } from 'node:fs';
import { LANGUAGES, type Language } from '../../../shared/languages.ts';
import { escapeHtml, interpolate, type RenderedMail } from '../mail/templates.ts';
import { htmlMail } from '../mail/html-layout.ts';
import { nameValues } from '../mail/name-values.ts';

type OtpKey = 'subject' | 'greeting' | 'intro' | 'validity' | 'ignore' | 'signature' | 'automated' | 'sms' | 'phoneProofSms';

const LOCALES_DIR = new URL('../../../locales/', import.meta.url);

/** The code texts of every portal language, from locales/{lang}/mail.json (otpCode). */
const texts = Object.fromEntries(
  LANGUAGES.map((lang) => [
    lang,
    (JSON.parse(readFileSync(new URL(`${lang}/mail.json`, LOCALES_DIR), 'utf8')) as { otpCode: Record<OtpKey, string> }).otpCode,
  ]),
) as Record<Language, Record<OtpKey, string>>;

export interface OtpMessageValues {
  firstName: string;
  lastName: string;
  code: string;
  minutes: number;
}

const vars = (lang: Language, values: OtpMessageValues) => ({
  ...nameValues(lang, values),
  code: values.code,
  minutes: String(values.minutes),
});

export function renderOtpMail(lang: Language, values: OtpMessageValues): RenderedMail {
  const t = texts[lang];
  const plain = (key: OtpKey) => interpolate(t[key], vars(lang, values), (s) => s);
  const html = (key: OtpKey) => interpolate(escapeHtml(t[key]), vars(lang, values), escapeHtml);
  const text = [
    plain('greeting'),
    '',
    plain('intro'),
    '',
    values.code,
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
      `<p style="font-size: 28px; font-weight: bold; letter-spacing: 6px">${escapeHtml(values.code)}</p>`,
      `<p>${html('validity')}</p>`,
      `<p>${html('ignore')}</p>`,
      `<p>${html('signature')}</p>`,
    ],
    html('automated'),
  );
  return { subject: plain('subject'), text, html: body };
}

export function renderOtpSms(lang: Language, values: OtpMessageValues): string {
  return interpolate(texts[lang].sms, vars(lang, values), (s) => s);
}

/** The text message that proves a mobile number (phone/phone-proof routes). */
export function renderPhoneProofSms(lang: Language, values: OtpMessageValues): string {
  return interpolate(texts[lang].phoneProofSms, vars(lang, values), (s) => s);
}
