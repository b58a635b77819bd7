import { readFileSync } from 'node:fs';
import { LANGUAGES, type Language } from '../../../shared/languages.ts';
import { escapeHtml, interpolate, type RenderedMail } from './templates.ts';
import { buttonLink, htmlMail } from './html-layout.ts';
import { nameValues } from './name-values.ts';

type Texts = Record<string, string>;
interface Catalogue {
  verifyEmail: Texts;
  passwordReset: Texts;
  passwordChanged: Texts;
  passwordReminder: Texts;
}

const LOCALES_DIR = new URL('../../../locales/', import.meta.url);

const catalogues = Object.fromEntries(
  LANGUAGES.map((lang) => [lang, JSON.parse(readFileSync(new URL(`${lang}/mail.json`, LOCALES_DIR), 'utf8')) as Catalogue]),
) as Record<Language, Catalogue>;

/** One block of a mail: a paragraph (a key of the mail's texts) or a button with its link. */
type Block = { text: string } | { action: string; link: string; hint?: boolean };

function render(lang: Language, section: keyof Catalogue, values: Record<string, string>, blocks: Block[]): RenderedMail {
  const texts: Texts = {
    ...catalogues[lang][section],
    signature: catalogues[lang].verifyEmail.signature!,
    automated: catalogues[lang].verifyEmail.automated!,
    linkHint: catalogues[lang].verifyEmail.linkHint!,
  };
  const plain = (key: string) => interpolate(texts[key] ?? '', values, (s) => s);
  const html = (key: string) => interpolate(escapeHtml(texts[key] ?? ''), values, escapeHtml);
  const all: Block[] = [{ text: 'greeting' }, ...blocks, { text: 'signature' }];

  const text = [
    ...all.map((block) => ('text' in block ? plain(block.text) : `${plain(block.action)}: ${block.link}`)),
    plain('automated'),
  ].join('\n\n');

  const paragraphs = all.map((block) => {
    if ('text' in block) return `<p>${html(block.text)}</p>`;
    const link = escapeHtml(block.link);
    const button = buttonLink(link, html(block.action));
    return block.hint ? `${button}\n<p>${html('linkHint')}<br><a href="${link}">${link}</a></p>` : button;
  });
  const body = htmlMail(lang, html('subject'), paragraphs, html('automated'));
  return { subject: plain('subject'), text, html: body };
}

export interface MemberNames {
  firstName: string;
  lastName: string;
  email: string;
}

const names = (lang: Language, m: MemberNames) => ({ ...nameValues(lang, m), email: m.email });

/** The reset link asked for on the forgot-password screen. */
export function renderPasswordResetMail(lang: Language, member: MemberNames, link: string, minutes: number): RenderedMail {
  return render(lang, 'passwordReset', { ...names(lang, member), minutes: String(minutes) }, [
    { text: 'intro' },
    { action: 'action', link, hint: true },
    { text: 'validity' },
    { text: 'ignore' },
  ]);
}

/** Sent after every change or reset: if it was not the member, they can act at once. */
export function renderPasswordChangedMail(lang: Language, member: MemberNames, when: string, forgotLink: string): RenderedMail {
  return render(lang, 'passwordChanged', { ...names(lang, member), when }, [
    { text: 'intro' },
    { text: 'warning' },
    { action: 'action', link: forgotLink },
  ]);
}

/** The annual reminder: change the password now, or keep it for another year. */
export function renderPasswordReminderMail(
  lang: Language,
  member: MemberNames,
  links: { reset: string; keep: string },
  minutes: number,
): RenderedMail {
  return render(lang, 'passwordReminder', { ...names(lang, member), minutes: String(minutes) }, [
    { text: 'intro' },
    { action: 'action', link: links.reset, hint: true },
    { text: 'validity' },
    { text: 'keepIntro' },
    { action: 'keepAction', link: links.keep },
  ]);
}
