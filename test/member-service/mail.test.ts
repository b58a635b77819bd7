import { readFileSync } from 'node:fs';
import t from 'tap';
import { LANGUAGES } from '../../shared/languages.ts';
import { renderVerifyEmail } from '../../server/member-service/mail/verify-email-mail.ts';
import { activationLink } from '../../server/member-service/verification.ts';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value)
    .flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k))
    .sort();
}

const catalogues = Object.fromEntries(
  LANGUAGES.map((lang) => [lang, JSON.parse(readFileSync(new URL(`../../locales/${lang}/mail.json`, import.meta.url), 'utf8'))]),
);

t.test('mail texts exist in all six languages, translated', async (t) => {
  const english = keys(catalogues.en);
  for (const lang of LANGUAGES) {
    t.same(keys(catalogues[lang]), english, `${lang} has every key`);
    const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const key of Object.keys(catalogues.en.verifyEmail)) {
      const text: string = catalogues[lang].verifyEmail[key];
      t.ok(text.trim().length > 0, `${lang} ${key} is not empty`);
      if (lang !== 'en') t.not(text, catalogues.en.verifyEmail[key], `${lang} ${key} is translated`);
      t.same(
        placeholders(text).filter((p) => p !== 'lastName'),
        placeholders(catalogues.en.verifyEmail[key]).filter((p) => p !== 'lastName'),
        `${lang} ${key} keeps its placeholders`,
      );
    }
  }
});

t.test('the verification mail: plain text and HTML, values escaped', async (t) => {
  const link = activationLink('https://portal.example', 'en', 'tok_en-1', 'pub-id', '');
  t.equal(link, 'https://portal.example/en/auth/activate-member/tok_en-1/pub-id/-');
  t.equal(activationLink('https://portal.example', 'ja-jp', 't', 'p', 'rma'), 'https://portal.example/ja-jp/auth/activate-member/t/p/rma');
  const mail = renderVerifyEmail('en', { firstName: '<b>Ada</b>', lastName: 'L', email: 'ada@example.com', link, days: 7 });
  t.equal(mail.subject, 'Verify your e-mail address');
  t.match(mail.text, /Welcome, <b>Ada<\/b>/);
  t.match(mail.text, link);
  t.match(mail.text, /valid for 7 days/);
  t.match(mail.html, /Welcome, &lt;b&gt;Ada&lt;\/b&gt;/);
  t.notMatch(mail.html, /<b>Ada/);
  t.match(mail.html, `<a href="${link}"`);
  t.match(mail.html, /<html lang="en">/);
  const japanese = renderVerifyEmail('ja-jp', { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', link, days: 7 });
  t.match(japanese.text, /^Lovelace Ada 様/, 'family name first in Japanese');
});
