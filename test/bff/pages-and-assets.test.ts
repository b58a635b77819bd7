import t from 'tap';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { languageTag } from '../../shared/language-tag.ts';
import { LANGUAGES } from '../../shared/languages.ts';
import { SCREEN_GROUPS } from '../../shared/screen-groups.ts';
import { builtClientDir } from '../e2e/client-build.ts';
import { buildBff } from '../helper.ts';

/** What a shell makes the browser fetch, by kind. */
function shellLinks(html: string) {
  const all = (pattern: RegExp) => [...html.matchAll(pattern)].map((m) => m[1]!);
  return {
    lang: html.match(/<html lang="([^"]+)">/)?.[1],
    styles: all(/<link rel="stylesheet" href="([^"]+)">/g),
    modules: all(/<link rel="modulepreload" href="([^"]+)">/g),
    fetches: all(/<link rel="preload" href="([^"]+)" as="fetch" crossorigin>/g),
    scripts: all(/<script type="module" src="([^"]+)"><\/script>/g),
    icons: all(/<link rel="icon" type="image\/svg\+xml" href="([^"]+)">/g),
  };
}

/** The chunks a built script imports statically (its dynamic imports load later, on demand). */
async function staticClosure(clientDir: string, url: string, seen = new Set<string>()): Promise<Set<string>> {
  const code = await readFile(join(clientDir, url), 'utf8');
  for (const [, file] of code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) {
    const imported = `/assets/${file}`;
    if (seen.has(imported)) continue;
    seen.add(imported);
    await staticClosure(clientDir, imported, seen);
  }
  return seen;
}

/** The chunk a group's screens are in: the entry chunk's dynamic import of client/screens/<group>.ts. */
async function groupChunk(clientDir: string, entryChunks: string[], group: string): Promise<string> {
  for (const chunk of entryChunks) {
    const match = (await readFile(join(clientDir, chunk), 'utf8')).match(new RegExp(`import\\("\\./(${group}-[A-Z0-9]+\\.js)"\\)`));
    if (match) return `/assets/${match[1]}`;
  }
  throw new Error(`no chunk for ${group}`);
}

t.test('each language and screen group has a shell that names everything the screen needs', async (t) => {
  const clientDir = await builtClientDir();
  const { app } = await buildBff(t, { CLIENT_DIR: clientDir });

  // With a site's pass, which changes the screen's brand: the shell without a prerendered screen.
  const login = shellLinks((await app.inject({ url: '/en/login?pass=x' })).body);
  t.equal(login.scripts.length, 1, 'one entry script');
  const entry = login.scripts[0]!;
  const entryImports = [...(await staticClosure(clientDir, entry))].sort();
  t.same([...login.modules].sort(), entryImports, 'every chunk the entry imports is preloaded: none waits for the one before it');
  t.ok(login.styles.length === 1 && login.icons.length === 1, 'one style sheet and the icon');
  t.match(login.icons[0], /^data:image\/svg\+xml,/, 'the icon costs no request');
  const requests = login.styles.length + login.fetches.length + login.modules.length + login.scripts.length;
  // The entry (routes and the table of screens, under 1 KiB) sits apart from the chunk it shares
  // with the screens, since no screen imports it back; every chunk is preloaded at once.
  t.ok(
    requests <= 5,
    `the login shell asks for ${requests} files (style, catalogue, entry, the chunk it shares with the screens, esbuild's helpers)`,
  );

  for (const lang of LANGUAGES) {
    const shell = shellLinks((await app.inject({ url: `/${lang}/login?pass=rma` })).body);
    t.equal(shell.lang, languageTag(lang), `${lang}: the page's language as a BCP 47 tag`);
    t.equal(shell.fetches.length, 1, `${lang}: one catalogue`);
    t.match(shell.fetches[0], new RegExp(`^/assets/${lang}-[0-9a-f]{8}\\.json$`), `${lang}: its own catalogue`);
    t.same(shell.modules, login.modules, `${lang}: the same chunks`);
    const catalogue = await app.inject({ url: shell.fetches[0]!, headers: { 'accept-encoding': 'br' } });
    t.equal(catalogue.statusCode, 200, `${lang}: the catalogue is served`);
    t.match(catalogue.headers['content-type'], /^application\/json/);
    t.equal(catalogue.headers['content-encoding'], 'br');
    t.equal(catalogue.headers['cache-control'], 'public, max-age=31536000, immutable');
  }

  for (const [group, segments] of Object.entries(SCREEN_GROUPS)) {
    const chunk = await groupChunk(clientDir, [entry, ...entryImports], group);
    const needed = [...new Set([...entryImports, chunk, ...(await staticClosure(clientDir, chunk))])].filter((url) => url !== entry).sort();
    for (const segment of segments) {
      const shell = shellLinks((await app.inject({ url: `/ja-jp/${segment}/x/y` })).body);
      t.same([...shell.modules].sort(), needed, `/ja-jp/${segment}: the ${group} screens and all they import are preloaded`);
      t.equal(shell.lang, 'ja');
    }
  }

  const unknownScreenReply = await app.inject({ url: '/ko-kr/no-such-screen?a=b' });
  t.equal(unknownScreenReply.statusCode, 404, 'a screen the portal does not have is not found');
  const unknownScreen = shellLinks(unknownScreenReply.body);
  t.same(unknownScreen.modules, login.modules, 'the not-found screen comes with the entry, as login does');
  t.equal(unknownScreen.lang, 'ko');
  t.match(unknownScreenReply.body, /<title>페이지를 찾을 수 없습니다 · [^<]+<\/title>/, 'named in its language');
  t.match(unknownScreenReply.body, /<meta name="robots" content="noindex">/);
  const unknownLocale = await app.inject({ url: '/xx/register', headers: { 'accept-language': 'es-MX' } });
  t.equal(unknownLocale.headers.location, '/es-es/register', "an unknown locale becomes the browser's language");
  const miscased = shellLinks((await app.inject({ url: '/ZH-TW/Register' })).body);
  t.equal(miscased.lang, 'zh-TW', 'a miscased language is still that language');
  t.match(miscased.modules.join(' '), /\/visitor-/);
});

t.test('shells hold no inline script or style, so the strict CSP stands', async (t) => {
  const clientDir = await builtClientDir();
  const { app } = await buildBff(t, { CLIENT_DIR: clientDir });
  // The portal's HTTP server sets the security headers, so they are read over a real request.
  const origin = await app.listen({ host: '127.0.0.1', port: 0 });
  for (const url of ['/en/login', '/es-es/register', '/zh-cn/my-account']) {
    const res = await fetch(origin + url);
    const body = await res.text();
    t.notMatch(body, /<script(?![^>]*\bsrc=)[^>]*>/, `${url}: every script is a file`);
    t.notMatch(body, /<style|\sstyle=/, `${url}: no inline style`);
    t.notMatch(body, /\son[a-z]+=/i, `${url}: no event handler attributes`);
    const csp = res.headers.get('content-security-policy') ?? undefined;
    t.match(csp, /script-src 'self'(;| )/, `${url}: scripts from the portal only`);
    t.notMatch(csp, /unsafe-inline/, `${url}: no inline allowance`);
  }
});

t.test('the login screen of each language is drawn at build time, the app fetched once it is painted', async (t) => {
  const clientDir = await builtClientDir();
  const { app } = await buildBff(t, { CLIENT_DIR: clientDir });
  const plain = shellLinks((await app.inject({ url: '/en/login?pass=rma' })).body);

  for (const lang of LANGUAGES) {
    const res = await app.inject({ url: `/${lang}/login` });
    t.equal(res.headers['cache-control'], 'no-cache', `${lang}: never cached`);
    const root = res.body.match(/<div id="root"( inert)?>([\s\S]*)<\/div>\n<noscript>/);
    t.ok(root?.[1], `${lang}: the drawn screen is inert until the app takes over (nothing typed is lost or sent)`);
    t.match(root?.[2], /<form[^>]*>[\s\S]*type="password"/, `${lang}: the sign-in form is drawn`);
    t.notMatch(root?.[2], /<form[^>]*\b(action|method)=/, `${lang}: the form has nowhere to go without the app`);

    const shell = shellLinks(res.body);
    t.equal(
      shell.modules.length + shell.fetches.length,
      0,
      `${lang}: nothing but the style sheet competes with the screen for the connection`,
    );
    t.equal(shell.scripts.length, 1, `${lang}: one small script`);
    t.not(shell.scripts[0], plain.scripts[0], `${lang}: not the app itself`);
    const start = await readFile(join(clientDir, shell.scripts[0]!), 'utf8');
    for (const url of [plain.scripts[0]!, ...plain.modules])
      t.ok(start.includes(JSON.stringify(url)), `${lang}: it fetches ${url} once the screen is painted`);
    t.match(start, new RegExp(`/assets/${lang}-[0-9a-f]{8}\\.json`), `${lang}: and the language's catalogue`);
  }

  t.match((await app.inject({ url: '/ja-jp/login' })).body, /<h1 id="login-title">ログイン<\/h1>/, 'drawn in the language of the address');
  t.notMatch(
    (await app.inject({ url: '/ja-jp/login?pass=aures' })).body,
    /<form/,
    "an address with a site's pass gets the app to draw its screen (the brand changes)",
  );
  t.match(
    (await app.inject({ url: '/ja-jp/login?callbackurl=https%3A%2F%2Fshop.example.com%2F&returnUrl=x' })).body,
    /<h1 id="login-title">ログイン<\/h1>/,
    "a company site's visitors get the drawn screen: any other query changes nothing the first screen draws",
  );
  t.match((await app.inject({ url: '/ja-jp/register' })).body, /<h1 id="register-title"[^>]*>アカウント作成<\/h1>/, 'so is registration');
  t.notMatch((await app.inject({ url: '/ja-jp/register/x' })).body, /<form/, 'an address below a drawn screen is drawn by the app');
  t.notMatch((await app.inject({ url: '/JA-JP/Register' })).body, /<form/, 'so is a miscased one');
  t.notMatch((await app.inject({ url: '/ja-jp/forgot-password' })).body, /<form/, 'other screens are drawn by the app');
});

t.test('every shell names its screen and describes it in its language, for search results and link previews', async (t) => {
  const clientDir = await builtClientDir();
  const { app } = await buildBff(t, { CLIENT_DIR: clientDir });
  const expected: Record<string, [string, RegExp]> = {
    '/en/login': ['Sign in · Member Portal', /^Sign in to your member account/],
    '/en/register?pass=rma': ['Create account · Member Portal', /^Create a free member account/],
    '/ja-jp/login': ['ログイン · ', /パスキー/],
    '/es-es/forgot-password': ['¿Ha olvidado su contraseña? · ', /enlace/],
    '/zh-tw/my-account': ['我的帳號 · ', /會員帳號/],
  };
  for (const [url, [title, description]] of Object.entries(expected)) {
    const html = (await app.inject({ url })).body;
    const shownTitle = html.match(/<title>([^<]+)<\/title>/)?.[1] ?? '';
    t.ok(shownTitle.startsWith(title), `${url}: title ${shownTitle}`);
    t.match(html.match(/<meta name="description" content="([^"]+)">/)?.[1], description, `${url}: description`);
    t.equal(html.match(/<meta property="og:title" content="([^"]+)">/)?.[1], shownTitle, `${url}: the link preview's title`);
  }
  t.match(
    (await app.inject({ url: '/en/my-account' })).body,
    /<meta name="robots" content="noindex">/,
    "a member's page stays out of indexes",
  );
  t.notMatch((await app.inject({ url: '/en/login' })).body, /noindex/, 'sign-in may be found');
  const robots = await app.inject({ url: '/robots.txt' });
  t.equal(robots.statusCode, 200);
  t.match(robots.body, /^User-agent: \*$/m);
  t.match(robots.body, /^Disallow: \/\*\/my-account$/m, 'My account is kept out of indexes');
  t.notMatch(robots.body, /Disallow: \/\*\/(login|register)$/m, 'sign-in and registration are not');
});
