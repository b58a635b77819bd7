import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { checkLocales, readLanguage } from '../scripts/check-locales.ts';
import { replyCodeTextProblems } from '../scripts/reply-code-texts.ts';
import { FIELD_CODES, REPLY_CODES } from '../shared/codes.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const localesDir = path.join(root, 'locales');
const english = readLanguage(localesDir, 'en').keys;

function filesUnder(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return filesUnder(full, pattern);
    return pattern.test(name) ? [full] : [];
  });
}

const withoutComments = (source: string) => source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

t.test('every language has every English key, translated', async (t) => {
  t.same(checkLocales(localesDir), []);
});

t.test('every code the servers send has an error.<code> text, and every error text a code', async (t) => {
  t.same(replyCodeTextProblems(english), []);
  t.ok(
    FIELD_CODES.every((code) => REPLY_CODES.includes(code)),
    'the field codes are part of the checked union',
  );
});

t.test('a code without a text, or a text without a code, is reported', async (t) => {
  t.same(replyCodeTextProblems(english, [...REPLY_CODES, 'NewServerCode']), ['en: missing error.NewServerCode (a reply code)']);
  const withoutNameRule = REPLY_CODES.filter((code) => code !== 'FirstNameRequired');
  const englishWithoutNameText = new Set([...english.keys()].filter((key) => key !== 'error.FirstNameRequired'));
  t.same(replyCodeTextProblems(englishWithoutNameText, withoutNameRule), [], 'the field code is only checked through the union');
  t.same(
    replyCodeTextProblems(englishWithoutNameText),
    ['en: missing error.FirstNameRequired (a reply code)'],
    'a field code without its text',
  );
  const withoutAccountLock = REPLY_CODES.filter((code) => code !== 'AccountLock');
  t.same(replyCodeTextProblems(english, withoutAccountLock), ['en: error.AccountLock is neither a reply code nor a client failure']);
});

t.test('every translation key written literally in the client exists', async (t) => {
  const namespaces = new Set([...english.keys()].map((key) => key.split('.')[0]));
  const used = new Set<string>();
  for (const file of filesUnder(path.join(root, 'client'), /\.tsx?$/)) {
    for (const match of withoutComments(readFileSync(file, 'utf8')).matchAll(/['"`]([a-z][A-Za-z]*(?:\.[A-Za-z0-9_]+)+)['"`]/g)) {
      const key = match[1] as string;
      if (namespaces.has(key.split('.')[0] as string) && !/\.(json|tsx?|css|js)$/.test(key)) used.add(key);
    }
  }
  t.ok(used.has('login.title'), 'keys were found');
  for (const key of used) t.ok(english.has(key), key);
});

t.test('the check reports missing, extra, untranslated and broken entries', async (t) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'locales-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const write = (lang: string, file: string, content: unknown) => {
    mkdirSync(path.join(dir, lang), { recursive: true });
    writeFileSync(path.join(dir, lang, file), typeof content === 'string' ? content : JSON.stringify(content));
  };
  write('en', 'login.json', {
    title: 'Sign in',
    hello: 'Hello {{name}}',
    brandAures: 'x',
    nested: { a: 'Apple' },
    symbol: '{{count}} / 5',
  });
  write('en', 'common.json', { brandAures: 'AURES' });
  write('ja-jp', 'login.json', { title: 'ログイン', hello: 'こんにちは', nested: { a: 'Apple', b: 'extra' }, symbol: '{{count}} / 5' });
  write('ja-jp', 'common.json', { brandAures: 'AURES' });
  write('ko-kr', 'login.json', '{ not json');
  const problems = checkLocales(dir, ['en', 'ja-jp', 'ko-kr', 'es-es']).sort();
  t.match(
    problems.find((problem) => problem.startsWith('ko-kr: login.json')),
    /^ko-kr: login\.json is not valid JSON/,
  );
  t.same(
    problems.filter((problem) => !problem.startsWith('ko-kr: login.json')),
    [
      'es-es: folder locales/es-es is missing',
      'ja-jp: extra login.nested.b (not in en)',
      'ja-jp: login.hello lacks {{name}}',
      'ja-jp: login.nested.a is the English text',
      'ja-jp: missing login.brandAures',
      'ko-kr: missing common.brandAures',
      'ko-kr: missing login.brandAures',
      'ko-kr: missing login.hello',
      'ko-kr: missing login.nested.a',
      'ko-kr: missing login.symbol',
      'ko-kr: missing login.title',
    ],
  );
});
