import t, { type Test } from 'tap';
import { readFile, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { languageTag } from '../../shared/language-tag.ts';
import { LANGUAGES } from '../../shared/languages.ts';
import { SCREEN_GROUPS } from '../../shared/screen-groups.ts';
import { builtClientDir } from '../e2e/client-build.ts';
import { buildBff } from '../helper.ts';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { precompress } from '../../scripts/precompress.ts';
import { startFakeUpstream } from './fake-upstream.ts';

t.test('page shells', async (t) => {
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
      const needed = [...new Set([...entryImports, chunk, ...(await staticClosure(clientDir, chunk))])]
        .filter((url) => url !== entry)
        .sort();
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

    t.match(
      (await app.inject({ url: '/ja-jp/login' })).body,
      /<h1 id="login-title">ログイン<\/h1>/,
      'drawn in the language of the address',
    );
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
});

t.test('the built client', async (t) => {
  const SHELL =
    '<!doctype html><html><head><script type="module" src="/assets/main-ABC123.js"></script></head><body><div id="root"></div></body></html>';

  async function withClient(t: Test) {
    const built = await buildBff(t);
    const clientDir = built.config.clientDir;
    await mkdir(join(clientDir, 'assets'), { recursive: true });
    await writeFile(join(clientDir, 'index.html'), SHELL);
    await writeFile(join(clientDir, 'assets', 'main-ABC123.js'), 'console.log("portal")');
    return built;
  }

  t.test('hashed assets are cached for a year', async (t) => {
    const { app } = await withClient(t);
    const res = await app.inject({ url: '/assets/main-ABC123.js' });
    t.equal(res.statusCode, 200);
    t.equal(res.body, 'console.log("portal")');
    t.equal(res.headers['cache-control'], 'public, max-age=31536000, immutable');
    t.match(res.headers['content-type'], /javascript/);
    const missing = await app.inject({ url: '/assets/missing-XYZ.js' });
    t.equal(missing.statusCode, 404);
    const outside = await app.inject({ url: '/assets/../index.html' });
    t.not(outside.headers['cache-control'], 'public, max-age=31536000, immutable', 'no escape from the assets folder');
  });

  t.test('every page path under a language gets the app shell, never cached', async (t) => {
    const { app } = await withClient(t);
    for (const url of [
      '/en/login',
      '/ja-jp/register?pass=rma',
      '/zh-tw/auth/activate-member/tok/uid/-',
      '/ko-kr',
      '/en/login?callbackurl=https%3A%2F%2Fshop.example.com%2F',
    ]) {
      const res = await app.inject({ url });
      t.equal(res.statusCode, 200, url);
      t.equal(res.body, SHELL, url);
      t.equal(res.headers['cache-control'], 'no-cache', url);
      t.match(res.headers['content-type'], /^text\/html/, url);
    }
    for (const url of ['/es-es/no-such-page', '/en/odd.name', '/favicon.ico', '/wp-login.php?x=1']) {
      const res = await app.inject({ url });
      t.equal(res.statusCode, 404, `${url}: not found`);
      t.equal(res.body, SHELL, `${url}: the app draws the not-found screen`);
      t.match(res.headers['content-type'], /^text\/html/, url);
    }
    const posted = await app.inject({ method: 'POST', url: '/en/no-such-page' });
    t.equal(posted.statusCode, 404);
    t.notMatch(posted.headers['content-type'], /html/, 'only a page read gets a page');
    const api = await app.inject({ url: '/api/Member/NoSuchCall' });
    t.equal(api.statusCode, 404);
    t.same(api.json(), { isSuccess: false, code: 'NotFound' });
  });

  t.test('/ goes to the login page in the negotiated language, keeping the query', async (t) => {
    const { app } = await withClient(t);
    const cases: Array<[string | undefined, string]> = [
      [undefined, '/en/login'],
      ['ja,en;q=0.8', '/ja-jp/login'],
      ['zh-TW,zh;q=0.9', '/zh-tw/login'],
      ['zh-CN', '/zh-cn/login'],
      ['fr-FR,fr;q=0.9', '/en/login'],
      ['es-MX', '/es-es/login'],
    ];
    for (const [acceptLanguage, location] of cases) {
      const res = await app.inject({ url: '/', headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {} });
      t.equal(res.statusCode, 302, String(acceptLanguage));
      t.equal(res.headers.location, location, String(acceptLanguage));
    }
    const withQuery = await app.inject({ url: '/?callbackurl=https%3A%2F%2Fshop.example&pass=rma' });
    t.equal(withQuery.headers.location, '/en/login?callbackurl=https%3A%2F%2Fshop.example&pass=rma');
  });

  t.test("a screen's address without a language goes to that screen in the browser's language", async (t) => {
    const { app } = await withClient(t);
    const cases: Array<[string, string | undefined, string]> = [
      [
        '/register?CallBackURL=https%3A%2F%2Fshop.example%2F',
        'ja-JP,ja;q=0.9',
        '/ja-jp/register?CallBackURL=https%3A%2F%2Fshop.example%2F',
      ],
      ['/my-account', 'zh-CN', '/zh-cn/my-account'],
      ['/login?pass=rma', undefined, '/en/login?pass=rma'],
      ['/auth/activate-member/t/u/p', 'ko', '/ko-kr/auth/activate-member/t/u/p'],
      ['/Forgot-Password', 'es', '/es-es/Forgot-Password'],
    ];
    for (const [url, acceptLanguage, location] of cases) {
      const res = await app.inject({ url, headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {} });
      t.equal(res.statusCode, 302, url);
      t.equal(res.headers.location, location, url);
    }
    const notAScreen = await app.inject({ url: '/registerx', headers: { 'accept-language': 'ja' } });
    t.equal(notAScreen.statusCode, 404, 'a word that names no screen is not found');
    const slashes = await app.inject({ url: '/login//evil.example/', headers: { 'accept-language': 'ja' } });
    t.equal(slashes.headers.location, '/ja-jp/login//evil.example/', 'the redirect stays on the portal, under the language');
  });

  t.test("a bare or foreign language code goes to the portal's language, keeping the rest of the address", async (t) => {
    const { app } = await withClient(t);
    const cases: Array<[string, string | undefined, string]> = [
      ['/es/', 'en-US', '/es-es/'],
      ['/ja', undefined, '/ja-jp'],
      ['/ko/register?pass=rma', 'en', '/ko-kr/register?pass=rma'],
      ['/zh/login', 'zh-TW,zh;q=0.9', '/zh-tw/login'],
      ['/zh/login', 'zh-Hant-HK', '/zh-tw/login'],
      ['/zh/login', 'en', '/zh-cn/login'],
      ['/en-US/my-account', undefined, '/en/my-account'],
      ['/fr/login', 'fr-FR,ja;q=0.8', '/ja-jp/login'],
      ['/xx/register', 'es-MX', '/es-es/register'],
    ];
    for (const [url, acceptLanguage, location] of cases) {
      const res = await app.inject({ url, headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {} });
      t.equal(res.statusCode, 302, `${url} (${acceptLanguage})`);
      t.equal(res.headers.location, location, `${url} (${acceptLanguage})`);
    }
    const slashes = await app.inject({ url: '/es//evil.example/' });
    t.equal(slashes.headers.location, '/es-es//evil.example/', 'the redirect stays on the portal, under the language');
  });

  t.test('a missing build is a clear 503, not a crash', async (t) => {
    const { app } = await buildBff(t);
    const res = await app.inject({ url: '/en/login' });
    t.equal(res.statusCode, 503);
    t.match(res.body, /not been built/);
    t.match(res.body, /npm run build/);
    t.notMatch(res.body, /\/tmp\//, 'no file system paths');
    const health = await app.inject({ url: '/healthz' });
    t.equal(health.statusCode, 200, 'the process is still alive');
  });
});

t.test('compressed delivery', async (t) => {
  // Big enough that compression pays off, as real bundles are.
  const SCRIPT = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word-${i}`))};\n`;
  const SHELL = `<!doctype html><html><head><script type="module" src="/assets/main-ABC123.js"></script></head><body><div id="root"></div>${'<!-- padding -->'.repeat(20)}</body></html>`;

  async function withBuiltClient(t: Test) {
    const built = await buildBff(t);
    const clientDir = built.config.clientDir;
    await mkdir(join(clientDir, 'assets'), { recursive: true });
    await writeFile(join(clientDir, 'index.html'), SHELL);
    await writeFile(join(clientDir, 'assets', 'main-ABC123.js'), SCRIPT);
    await precompress(clientDir);
    return built;
  }

  const decoders: Record<string, (bytes: Buffer) => Buffer> = {
    br: brotliDecompressSync,
    gzip: gunzipSync,
  };

  /** Requests `url` with each Accept-Encoding and checks the variant, its headers and its bytes. */
  async function checkVariants(t: Test, app: Awaited<ReturnType<typeof buildBff>>['app'], url: string, plain: string, type: RegExp) {
    const cases: Array<[string | undefined, string | undefined]> = [
      ['gzip, deflate, br', 'br'],
      ['br;q=0.5, gzip', 'gzip'],
      ['gzip', 'gzip'],
      ['identity', undefined],
      ['br;q=0, gzip;q=0', undefined],
      [undefined, undefined],
    ];
    for (const [acceptEncoding, expected] of cases) {
      const res = await app.inject({ url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });
      const label = `${url} with accept-encoding ${acceptEncoding ?? '(none)'}`;
      t.equal(res.statusCode, 200, label);
      t.equal(res.headers['content-encoding'], expected, label);
      t.match(res.headers.vary, /accept-encoding/i, `${label}: caches keep the variants apart`);
      t.match(res.headers['content-type'], type, `${label}: the type of the file, not of its encoding`);
      t.equal(Number(res.headers['content-length']), res.rawPayload.length, `${label}: the length of the bytes sent`);
      const decoded = expected ? decoders[expected]!(res.rawPayload) : res.rawPayload;
      t.equal(decoded.toString('utf8'), plain, `${label}: the same file once decoded`);
      if (expected) t.ok(res.rawPayload.length < plain.length, `${label}: fewer bytes than the plain file`);
    }
  }

  t.test('hashed assets go compressed as the browser accepts, cached for a year', async (t) => {
    const { app } = await withBuiltClient(t);
    await checkVariants(t, app, '/assets/main-ABC123.js', SCRIPT, /^text\/javascript|^application\/javascript/);
    const res = await app.inject({ url: '/assets/main-ABC123.js', headers: { 'accept-encoding': 'br' } });
    t.equal(res.headers['cache-control'], 'public, max-age=31536000, immutable');
    const variant = await app.inject({ url: '/assets/main-ABC123.js.br' });
    t.equal(variant.headers['content-type'], 'application/octet-stream', 'a variant asked for by name is only bytes, never a script');
  });

  t.test('the page shell goes compressed as the browser accepts, never cached', async (t) => {
    const { app } = await withBuiltClient(t);
    await checkVariants(t, app, '/en/login', SHELL, /^text\/html; charset=utf-8/);
    const res = await app.inject({ url: '/ja-jp/register', headers: { 'accept-encoding': 'gzip' } });
    t.equal(res.headers['cache-control'], 'no-cache');
    t.equal(gunzipSync(res.rawPayload).toString('utf8'), SHELL);
  });

  t.test('a client built without variants is still served, uncompressed', async (t) => {
    const { app, config } = await buildBff(t);
    await mkdir(join(config.clientDir, 'assets'), { recursive: true });
    await writeFile(join(config.clientDir, 'index.html'), SHELL);
    await writeFile(join(config.clientDir, 'assets', 'main-ABC123.js'), SCRIPT);
    for (const url of ['/en/login', '/assets/main-ABC123.js']) {
      const res = await app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
      t.equal(res.statusCode, 200, url);
      t.equal(res.headers['content-encoding'], undefined, url);
      t.equal(res.body, url === '/en/login' ? SHELL : SCRIPT, url);
    }
  });

  t.test('JSON replies above a small size are compressed; small ones are not', async (t) => {
    const countries = (count: number) =>
      Array.from({ length: count }, (_, i) => ({
        code: `C${i}`,
        name: `Country number ${i}`,
        label: `Country number ${i}`,
        phoneCode: '',
        region: '',
        states: [],
      }));
    // A few KiB is compressed in one go; a big reply streams through the compressor.
    const upstream = await startFakeUpstream(t, {
      'GET /api/info/V2/Countries/false': () => ({ body: { isSuccess: true, code: 'ok', data: countries(60) } }),
      'GET /api/info/V2/Countries/true': () => ({ body: { isSuccess: true, code: 'ok', data: countries(3000) } }),
      'GET /api/info/option/0/0': () => ({ body: { isSuccess: true, code: 'ok', data: [] } }),
    });
    const { app } = await buildBff(t, { UPSTREAM_URL: upstream.url });

    for (const [flag, count] of [
      ['false', 60],
      ['true', 3000],
    ] as const) {
      for (const encoding of ['br', 'gzip']) {
        const label = `${count} countries, ${encoding}`;
        const res = await app.inject({ url: `/api/info/V2/Countries/${flag}`, headers: { 'accept-encoding': encoding } });
        t.equal(res.statusCode, 200, label);
        t.equal(res.headers['content-encoding'], encoding, label);
        t.match(res.headers.vary, /accept-encoding/i, label);
        t.match(res.headers['content-type'], /^application\/json/, label);
        if (count === 60) t.equal(Number(res.headers['content-length']), res.rawPayload.length, `${label}: the length of the bytes sent`);
        else t.equal(res.headers['content-length'], undefined, `${label}: streamed, so no length of the uncompressed reply`);
        t.same(
          JSON.parse(decoders[encoding]!(res.rawPayload).toString('utf8')).data,
          countries(count),
          `${label}: the same reply once decoded`,
        );
      }
    }
    const plain = await app.inject({ url: '/api/info/V2/Countries/false' });
    t.equal(plain.headers['content-encoding'], undefined, 'a client that accepts no encoding gets plain JSON');
    t.same(plain.json().data, countries(60));

    const small = await app.inject({ url: '/api/info/option/0/0', headers: { 'accept-encoding': 'br, gzip' } });
    t.equal(small.statusCode, 200);
    t.equal(small.headers['content-encoding'], undefined, 'a small reply goes as it is');
    t.same(small.json(), { isSuccess: true, code: 'ok', data: [] });
  });
});
