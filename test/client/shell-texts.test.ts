import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { writeShells } from '../../scripts/client-shell.ts';
import { LANGUAGES, type Language } from '../../shared/languages.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const localesDir = path.join(root, 'locales');

const common = async (lang: Language) =>
  JSON.parse(await readFile(path.join(localesDir, lang, 'common.json'), 'utf8')) as { brand: string; noscript: string };

const between = (html: string, tag: string) => new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(html)?.[1];
const decoded = (text: string | undefined) => text?.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

t.test("every shell's title and no-script notice are in its language", async (t) => {
  const outdir = await mkdtemp(path.join(tmpdir(), 'shells-'));
  t.teardown(() => rm(outdir, { recursive: true, force: true }));
  const catalogues = Object.fromEntries(LANGUAGES.map((lang) => [lang, `/assets/${lang}.json`])) as Record<Language, string>;
  await writeShells(
    outdir,
    {
      script: '/assets/app.js',
      preload: [],
      groups: { visitor: ['/assets/visitor.js'], member: ['/assets/member.js'] },
      catalogues,
      prerendered: Object.fromEntries(LANGUAGES.map((lang) => [lang, { login: '<main>login</main>' }])),
      start: '/assets/start.js',
    },
    path.join(root, 'client/favicon.svg'),
    localesDir,
  );

  const english = await common('en');
  for (const lang of LANGUAGES) {
    const { brand, noscript } = await common(lang);
    if (lang !== 'en') {
      t.not(brand, english.brand, `${lang}: the catalogue's title is translated`);
      t.not(noscript, english.noscript, `${lang}: the catalogue's notice is translated`);
    }
    const shells = (await readdir(path.join(outdir, 'shells', lang))).filter((file) => file.endsWith('.html'));
    t.ok(shells.includes('index.html') && shells.includes('register.html') && shells.includes('login.prerendered.html'));
    for (const file of shells) {
      const html = await readFile(path.join(outdir, 'shells', lang, file), 'utf8');
      const title = decoded(between(html, 'title')) ?? '';
      t.ok(title === brand || title.endsWith(` · ${brand}`), `${lang}/${file}: title ${title} ends with the portal's name`);
      t.equal(decoded(between(html, 'noscript')), noscript, `${lang}/${file}: no-script notice`);
    }
  }
  const rootShell = await readFile(path.join(outdir, 'index.html'), 'utf8');
  t.equal(between(rootShell, 'title'), `Sign in · ${english.brand}`, 'the address without a language gets the English shell');
  t.equal(between(rootShell, 'noscript'), english.noscript);
  t.equal(between(await readFile(path.join(outdir, 'shells/ja-jp/my-account.html'), 'utf8'), 'title'), 'マイアカウント · 会員ポータル');
  t.equal(
    between(await readFile(path.join(outdir, 'shells/ko-kr/not-found.html'), 'utf8'), 'title'),
    '페이지를 찾을 수 없습니다 · 회원 포털',
  );
});
