import t, { type Test } from 'tap';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buildBff } from '../helper.ts';

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
    ['/register?CallBackURL=https%3A%2F%2Fshop.example%2F', 'ja-JP,ja;q=0.9', '/ja-jp/register?CallBackURL=https%3A%2F%2Fshop.example%2F'],
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
