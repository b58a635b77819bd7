import t from 'tap';
import { buildBff } from '../helper.ts';

const keys = {
  RECAPTCHA_SITE_KEY: 'google-site',
  RECAPTCHA_SECRET_KEY: 'google-secret',
  TURNSTILE_SITE_KEY: 'turnstile-site',
  TURNSTILE_SECRET_KEY: 'turnstile-secret',
  CHINESE_HOSTS: 'member.example.cn',
};
const WECHAT_UA = 'Mozilla/5.0 (iPhone) AppleWebKit/605.1.15 Mobile/15E148 MicroMessenger/8.0.40 NetType/WIFI';

async function portalConfig(app: Awaited<ReturnType<typeof buildBff>>['app'], query: string, headers: Record<string, string> = {}) {
  const res = await app.inject({ method: 'GET', url: `/api/info/PortalConfig${query}`, headers });
  const body = res.json();
  // Other settings (social sign-in) share the reply; these tests look at the captcha part.
  if (body.data) body.data = { captcha: body.data.captcha, chineseSite: body.data.chineseSite };
  return { status: res.statusCode, cache: res.headers['cache-control'], body };
}

t.test('captcha off without keys', async (t) => {
  const { app } = await buildBff(t);
  const res = await portalConfig(app, '?lang=en');
  t.equal(res.status, 200);
  t.same(res.body, { isSuccess: true, code: 'ok', data: { captcha: { type: null }, chineseSite: false } });
  t.same(
    (await portalConfig(app, '?lang=zh-cn')).body.data,
    { captcha: { type: null }, chineseSite: false },
    'the client adds zh-cn to the variant',
  );
});

t.test('Google elsewhere, Turnstile on the Chinese host whatever the language, never the secret', async (t) => {
  const { app } = await buildBff(t, keys);
  const en = await portalConfig(app, '?lang=en');
  t.same(en.body.data, { captcha: { type: 1, siteKey: 'google-site' }, chineseSite: false });
  t.match(en.cache, /no-store/);
  t.same((await portalConfig(app, '?lang=zh-tw')).body.data, { captcha: { type: 1, siteKey: 'google-site' }, chineseSite: false });
  t.same((await portalConfig(app, '?lang=zh-cn')).body.data, { captcha: { type: 1, siteKey: 'google-site' }, chineseSite: false });
  t.same((await portalConfig(app, '', { 'accept-language': 'zh-cn' })).body.data.captcha.type, 1, 'nor Accept-Language');
  const chineseHost = await portalConfig(app, '?lang=en', { host: 'MEMBER.example.cn:8443' });
  t.same(chineseHost.body.data, { captcha: { type: 2, siteKey: 'turnstile-site' }, chineseSite: true });
  for (const res of [en, chineseHost]) t.notMatch(JSON.stringify(res.body), /secret/);
});

t.test("no site key when only the other provider has keys (the host's forms refuse)", async (t) => {
  const { app } = await buildBff(t, {
    TURNSTILE_SITE_KEY: 'turnstile-site',
    TURNSTILE_SECRET_KEY: 'turnstile-secret',
    CHINESE_HOSTS: 'member.example.cn',
  });
  t.same((await portalConfig(app, '?lang=en')).body.data.captcha, { type: 1 });
  t.same((await portalConfig(app, '?lang=en', { host: 'member.example.cn' })).body.data.captcha, { type: 2, siteKey: 'turnstile-site' });
});

t.test('WeChat skip only when allowed and only for the WeChat browser', async (t) => {
  const { app: strict } = await buildBff(t, keys);
  t.same((await portalConfig(strict, '?lang=en', { 'user-agent': WECHAT_UA })).body.data.captcha.type, 1);
  const { app: allowing } = await buildBff(t, { ...keys, CAPTCHA_WECHAT_SKIP: 'true' });
  t.same((await portalConfig(allowing, '?lang=en', { 'user-agent': WECHAT_UA })).body.data.captcha, { type: 99 });
  t.same((await portalConfig(allowing, '?lang=en', { 'user-agent': 'Mozilla/5.0 Chrome/120' })).body.data.captcha.type, 1);
});

t.test('half a key pair or a bad setting stops the start, naming the variable', async (t) => {
  const { loadCaptchaConfig } = await import('../../server/bff/captcha/captcha-config.ts');
  t.throws(() => loadCaptchaConfig({ RECAPTCHA_SITE_KEY: 'site' }), /RECAPTCHA_SECRET_KEY/);
  t.throws(() => loadCaptchaConfig({ TURNSTILE_SECRET_KEY: 'secret' }), /TURNSTILE_SITE_KEY/);
  t.throws(() => loadCaptchaConfig({ CAPTCHA_WECHAT_SKIP: 'yes' }), /CAPTCHA_WECHAT_SKIP/);
  t.throws(() => loadCaptchaConfig({ CHINESE_HOSTS: 'ok.cn, bad host' }), /CHINESE_HOSTS/);
  t.throws(() => loadCaptchaConfig({ RECAPTCHA_VERIFY_URL: 'ftp://x' }), /RECAPTCHA_VERIFY_URL/);
});

/** The CSP a browser gets; the portal's HTTP server sets the security headers, so this needs a real request, not inject. */
async function cspOf(app: Awaited<ReturnType<typeof buildBff>>['app']) {
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return String((await fetch(`${url}/api/info/PortalConfig`)).headers.get('content-security-policy'));
}

t.test('the pages may load the configured widget only', async (t) => {
  const { app: off } = await buildBff(t);
  const offCsp = await cspOf(off);
  t.notMatch(offCsp, /google|cloudflare/);
  const { app: on } = await buildBff(t, keys);
  const onCsp = await cspOf(on);
  t.match(onCsp, /script-src 'self' https:\/\/www\.google\.com https:\/\/www\.gstatic\.com https:\/\/challenges\.cloudflare\.com/);
  t.match(onCsp, /frame-src 'self' https:\/\/www\.google\.com/);
});
