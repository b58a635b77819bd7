import t from 'tap';
import { renderDeletionMail } from '../../server/member-service/mail/deletion-mail.ts';
import {
  renderPasswordChangedMail,
  renderPasswordReminderMail,
  renderPasswordResetMail,
} from '../../server/member-service/mail/password-mails.ts';
import { renderVerifyEmail } from '../../server/member-service/mail/verify-email-mail.ts';
import { renderOtpMail } from '../../server/member-service/sign-in/otp-mail.ts';
import type { Language } from '../../shared/languages.ts';

/** Every mail the member service sends to a member, rendered for one language. */
function allMails(lang: Language, firstName: string, lastName: string) {
  const member = { firstName, lastName, email: 'm@example.com' };
  return {
    verify: renderVerifyEmail(lang, { ...member, link: 'https://portal.example/x', days: 7 }),
    deletion: renderDeletionMail(lang, { ...member, deleteAt: Date.UTC(2026, 0, 31), link: 'https://portal.example/x' }),
    otp: renderOtpMail(lang, { ...member, code: '123456', minutes: 10 }),
    reset: renderPasswordResetMail(lang, member, 'https://portal.example/x', 60),
    changed: renderPasswordChangedMail(lang, member, '2026-01-01', 'https://portal.example/x'),
    reminder: renderPasswordReminderMail(lang, member, { reset: 'https://portal.example/r', keep: 'https://portal.example/k' }, 60),
  };
}

const greetings: Record<Language, { first: string; last: string; greeting: RegExp }> = {
  en: { first: 'Ada', last: 'Lovelace', greeting: /^(Hello|Welcome,) Ada Lovelace/ },
  'es-es': { first: 'Ada', last: 'Lovelace', greeting: /^(Hola|Le damos la bienvenida), Ada Lovelace/ },
  'ja-jp': { first: '太郎', last: '山田', greeting: /^山田 太郎 様/ },
  'zh-cn': { first: '小明', last: '王', greeting: /^王小明，您好：/ },
  'zh-tw': { first: '小明', last: '王', greeting: /^王小明 您好：/ },
  'ko-kr': { first: '민준', last: '김', greeting: /^김민준님, / },
};

t.test('every mail greets the member by full name, family name first in Japanese, Chinese and Korean', async (t) => {
  for (const [lang, { first, last, greeting }] of Object.entries(greetings) as [Language, (typeof greetings)[Language]][]) {
    for (const [kind, mail] of Object.entries(allMails(lang, first, last))) {
      t.match(mail.text, greeting, `${lang} ${kind}: ${mail.text.split('\n')[0]}`);
      t.match(mail.html, `<p>${mail.text.split('\n')[0]}</p>`, `${lang} ${kind}: the HTML part greets the same way`);
    }
  }
});

t.test('mails carry the BCP 47 tag of their language', async (t) => {
  t.match(allMails('ja-jp', 'a', 'b').verify.html, /<html lang="ja">/);
  t.match(allMails('zh-tw', 'a', 'b').otp.html, /<html lang="zh-TW">/);
});
