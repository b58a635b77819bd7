import path from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { readLanguage } from '../scripts/check-locales.ts';
import { LANGUAGES, type Language } from '../shared/languages.ts';

/**
 * The glossary of locales/README.md, as the variants it rules out: each language says sign in,
 * e-mail and account one way, and keeps its native reviewer's terms.
 */
const RULED_OUT: Record<Language, { pattern: RegExp; instead: string }[]> = {
  en: [
    { pattern: /\bemail\b/i, instead: 'e-mail' },
    { pattern: /\blog ?in\b|\blogin\b/i, instead: 'sign in / sign-in' },
    { pattern: /\bNot connect\b(?!ed)/, instead: 'Not connected' },
  ],
  'zh-tw': [
    { pattern: /帳戶|賬號|信箱|登錄/, instead: '帳號, 電子郵件, 登入' },
    { pattern: /跳轉|點擊|通行金鑰|！請再試/, instead: '導向, 點選, 通行密鑰, "，請再試一次"' },
    { pattern: /[，。：；？、]\s/, instead: 'no space after full-width punctuation' },
  ],
  'zh-cn': [
    { pattern: /账户|帐号|电子邮件地址|电子邮箱地址|登入/, instead: '账号, 电子邮箱, 登录' },
    { pattern: /个人数据|！请重试/, instead: '个人信息, "，请重试"' },
  ],
  'ja-jp': [
    { pattern: /サインイン|Eメール|All rights reserved/, instead: 'ログイン, メール, 無断転載を禁じます' },
    { pattern: /確認コード|個人データ|日 [にのまで]/, instead: '認証コード, 個人情報, no space before a particle' },
  ],
  'ko-kr': [
    { pattern: /(?<!이)메일(?!함)|사인인/, instead: '이메일, 로그인' },
    { pattern: /휴대폰|개인 정보|로그인함|모든 권리 보유|[가-힣]!/, instead: '휴대전화, 개인정보, 로그인, All rights reserved., no "!"' },
    { pattern: /[가-힣]하세요/, instead: '"-해 주세요"' },
  ],
  'es-es': [
    { pattern: /\b(tu|tus|te|puedes|quieres|has|Inténtalo|inténtalo|regístrate|Iniciarás|necesitas)\b/, instead: 'usted forms' },
    { pattern: /\be-?mail\b/i, instead: 'correo electrónico' },
    { pattern: /¡Bienvenid[oa]!/, instead: '¡Le damos la bienvenida!' },
  ],
};

const localesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../locales');
// A placeholder stands as one neutral character, so the spacing around it still shows.
const withoutPlaceholders = (text: string) => text.replace(/\{\{[^}]*\}\}/g, '0');

t.test('every language keeps to its glossary', async (t) => {
  for (const lang of LANGUAGES) {
    const offending = [...readLanguage(localesDir, lang).keys].flatMap(([key, text]) =>
      RULED_OUT[lang]
        .filter(({ pattern }) => pattern.test(withoutPlaceholders(text)))
        .map(({ instead }) => `${key}: "${text}" (use ${instead})`),
    );
    t.same(offending, [], `${lang}: one term each for sign in, e-mail and account`);
  }
});

t.test('English headings and buttons are in sentence case', async (t) => {
  const english = readLanguage(localesDir, 'en').keys;
  const titles = [...english].filter(([key]) => /(^|\.)(title|submit|button|loginNow|goToLogin|privacyPolicy|cookiePolicy)$/.test(key));
  t.ok(titles.length > 20, 'titles and buttons were found');
  const titleCase = titles.filter(
    ([, text]) => /^\S+ (?:[A-Z][a-z]+)(?: |$)/.test(text) && !/^(Google|LinkedIn|Facebook|Caps Lock)/.test(text),
  );
  t.same(titleCase, []);
});

t.test('the forgot-password button says it sends a reset link', async (t) => {
  const submit = (lang: Language) => readLanguage(localesDir, lang).keys.get('password.forgot.submit');
  t.equal(submit('en'), 'Send reset link');
  for (const lang of LANGUAGES)
    t.not(
      submit(lang),
      readLanguage(localesDir, lang).keys.get('password.change.submit'),
      `${lang}: not the change-password button's words`,
    );
});
