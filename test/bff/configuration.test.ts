import t from 'tap';
import { existsSync, readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadBffConfig } from '../../server/bff/config.ts';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { loadBrandConfig, logoOrigin } from '../../server/bff/brand/brand-config.ts';
import { brandStylesheet, whiteTextContrast } from '../../server/bff/brand/brand-colours.ts';
import { brandShell, brandShells } from '../../server/bff/brand/brand-shells.ts';
import { buildBff } from '../helper.ts';

t.test('portal configuration', async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-config-'));
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
  const base = { DATA_DIR: dataDir };

  t.test('defaults, with secrets created under DATA_DIR and kept', async (t) => {
    const config = loadBffConfig(base);
    t.equal(config.port, 3000);
    t.equal(config.host, '0.0.0.0');
    t.equal(config.publicOrigin, 'http://localhost:3000');
    t.equal(config.upstreamUrl, undefined);
    t.equal(config.upstreamTimeoutMs, 10000);
    t.equal(config.sessionIdleSeconds, 1800);
    t.equal(config.sessionAbsoluteSeconds, 28800);
    t.same(config.allowedCallbackHosts, []);
    t.equal(config.trustProxy, false);
    t.equal(config.requestTimeoutMs, 30000, 'a request, body included, must arrive within 30 s');
    t.equal(config.headersTimeoutMs, 10000);
    t.equal(config.keepAliveTimeoutMs, 72000);
    t.equal(config.logLevel, 'info');
    t.equal(config.redisUrl, undefined);
    t.ok(config.loginRateLimitPerMinute < config.rateLimitPerMinute);
    t.same(
      [config.loginFailuresPerIp, config.loginFailureWindowSeconds],
      [50, 900],
      'failed sign-ins per IP: sized for an office behind one address',
    );
    t.ok(config.registerRateLimitPerMinute < config.rateLimitPerMinute);
    t.match(config.passwordEncodingKey, /^[0-9a-f]{64}$/);
    for (const [name, value] of [
      ['service-key', config.upstreamServiceKey],
      ['password-encoding-key', config.passwordEncodingKey],
      ['session-secret', config.sessionSecret],
    ] as const) {
      const file = join(dataDir, 'secrets', name);
      t.ok(existsSync(file), `${name} stored`);
      t.equal(readFileSync(file, 'utf8').trim(), value);
    }
    t.same(loadBffConfig(base).sessionSecret, config.sessionSecret, 'a restart reads the same secret');
  });

  t.test('explicit values', async (t) => {
    const config = loadBffConfig({
      ...base,
      PORT: '8080',
      PUBLIC_ORIGIN: 'https://Member.Example.com/',
      TRUST_PROXY: '1',
      UPSTREAM_URL: 'http://10.0.0.5:4000/',
      UPSTREAM_SERVICE_KEY: 'k'.repeat(32),
      ALLOWED_CALLBACK_HOSTS: 'Shop.Example.com, store.example.com:8443, https://Pay.Example.com:9443, http://localhost:8080,',
      CALLBACK_SITE_NAMES: 'Shop.Example.com=Shop, https://pay.example.com:9443= Pay & Go ',
      SESSION_IDLE_SECONDS: '60',
      SESSION_ABSOLUTE_SECONDS: '120',
      LOG_LEVEL: 'warn',
      REDIS_URL: 'redis://127.0.0.1:6379',
      UPSTREAM_TIMEOUT_MS: '2500',
      REQUEST_TIMEOUT_MS: '5000',
      HEADERS_TIMEOUT_MS: '2000',
      KEEP_ALIVE_TIMEOUT_MS: '65000',
    });
    t.equal(config.port, 8080);
    t.equal(config.publicOrigin, 'https://member.example.com');
    t.equal(config.trustProxy, 1);
    t.equal(config.upstreamUrl, 'http://10.0.0.5:4000');
    t.equal(config.upstreamServiceKey, 'k'.repeat(32));
    t.same(config.allowedCallbackHosts, [
      'shop.example.com',
      'store.example.com:8443',
      'https://pay.example.com:9443',
      'http://localhost:8080',
    ]);
    t.same(config.callbackSiteNames, { 'shop.example.com': 'Shop', 'https://pay.example.com:9443': 'Pay & Go' });
    t.same([config.requestTimeoutMs, config.headersTimeoutMs, config.keepAliveTimeoutMs], [5000, 2000, 65000]);
    t.equal(
      loadBffConfig({ ...base, REQUEST_TIMEOUT_MS: '4000' }).headersTimeoutMs,
      4000,
      'headers never get longer than the whole request',
    );
    t.equal(config.sessionIdleSeconds, 60);
    t.equal(config.upstreamTimeoutMs, 2500);
    t.equal(config.logLevel, 'warn');
    t.equal(config.redisUrl, 'redis://127.0.0.1:6379');
    t.equal(loadBffConfig({ ...base, PORT: '' }).port, 3000, 'an empty value counts as unset');
  });

  t.test('a bad value throws an error naming the variable', async (t) => {
    const bad: Array<[string, string]> = [
      ['PORT', 'eighty'],
      ['PORT', '70000'],
      ['UPSTREAM_URL', 'ftp://member'],
      ['UPSTREAM_SERVICE_KEY', 'short'],
      ['PASSWORD_ENCODING_KEY', 'abcd'],
      ['UPSTREAM_TIMEOUT_MS', '0'],
      ['UPSTREAM_TIMEOUT_MS', '-5'],
      ['PUBLIC_ORIGIN', 'localhost:3000'],
      ['PUBLIC_ORIGIN', 'http://portal.example/path'],
      ['SESSION_SECRET', 'too-short'],
      ['SESSION_IDLE_SECONDS', '1.5'],
      ['SESSION_ABSOLUTE_SECONDS', 'forever'],
      ['ALLOWED_CALLBACK_HOSTS', 'ftp://shop.example.com'],
      ['ALLOWED_CALLBACK_HOSTS', 'https://shop.example.com/path'],
      ['ALLOWED_CALLBACK_HOSTS', 'shop.example.com/path'],
      ['CALLBACK_SITE_NAMES', 'shop.example.com'],
      ['CALLBACK_SITE_NAMES', 'shop.example.com=<b>Shop</b>'],
      ['REQUEST_TIMEOUT_MS', '0'],
      ['HEADERS_TIMEOUT_MS', 'soon'],
      ['KEEP_ALIVE_TIMEOUT_MS', '-1'],
      ['RATE_LIMIT_PER_MINUTE', 'many'],
      ['LOGIN_RATE_LIMIT_PER_MINUTE', '0'],
      ['LOGIN_FAILURES_PER_IP', '0'],
      ['LOGIN_FAILURE_WINDOW_SECONDS', 'forever'],
      ['REGISTER_RATE_LIMIT_PER_MINUTE', '1e3'],
      ['TRUST_PROXY', 'yes please'],
      ['TRUST_PROXY', 'true'],
      ['TRUST_PROXY', '10.0.0.0/33'],
      ['TRUST_PROXY', '10.0.0.1, proxy.example'],
      ['LOG_LEVEL', 'loud'],
      ['REDIS_URL', 'http://cache'],
    ];
    for (const [variable, value] of bad) {
      t.throws(
        () => loadBffConfig({ ...base, [variable]: value }),
        { message: new RegExp(`^Invalid ${variable}\\b`) },
        `${variable}=${value}`,
      );
    }
    t.throws(() => loadBffConfig({ ...base, SESSION_IDLE_SECONDS: '600', SESSION_ABSOLUTE_SECONDS: '300' }), {
      message: /SESSION_ABSOLUTE_SECONDS/,
    });
    t.throws(() => loadBffConfig({ ...base, REQUEST_TIMEOUT_MS: '5000', HEADERS_TIMEOUT_MS: '6000' }), {
      message: /^Invalid HEADERS_TIMEOUT_MS/,
    });
    t.throws(
      () => loadBffConfig({ ...base, PUBLIC_ORIGIN: 'https://member.example.com' }),
      { message: /TRUST_PROXY/ },
      'https needs a trusted proxy',
    );
  });
});

t.test('brand', async (t) => {
  t.test('unset: the portal keeps its own look', async (t) => {
    t.same(loadBrandConfig({}), {});
    t.same(loadBrandConfig({ BRAND_NAME: '  ', BRAND_COLOR: '' }), {}, 'blank is unset');
  });

  t.test('a name, a logo and a colour are read and checked at start', async (t) => {
    t.same(loadBrandConfig({ BRAND_NAME: ' Acme Members ', BRAND_LOGO_URL: 'https://cdn.example.com/acme.svg', BRAND_COLOR: '#7A1FA2' }), {
      name: 'Acme Members',
      logoUrl: 'https://cdn.example.com/acme.svg',
      color: '#7a1fa2',
    });
    t.same(loadBrandConfig({ BRAND_LOGO_URL: '/brand/acme.png' }), { logoUrl: '/brand/acme.png' }, 'a path on the portal');
    t.equal(logoOrigin({ logoUrl: 'https://cdn.example.com/acme.svg' }), 'https://cdn.example.com', 'its origin goes into img-src');
    t.equal(logoOrigin({ logoUrl: '/brand/acme.png' }), undefined, "the portal's own origin is already there");
  });

  t.test('refused, with the variable named and the reason', async (t) => {
    t.throws(
      () => loadBrandConfig({ BRAND_COLOR: '#ffd700' }),
      /Invalid BRAND_COLOR: white text on #ffd700 has a contrast of 1\.\d\d:1/,
      'too light for white button text',
    );
    t.throws(() => loadBrandConfig({ BRAND_COLOR: 'purple' }), /Invalid BRAND_COLOR/);
    t.throws(() => loadBrandConfig({ BRAND_LOGO_URL: 'http://cdn.example.com/a.svg' }), /Invalid BRAND_LOGO_URL: must be an https URL/);
    t.throws(
      () => loadBrandConfig({ BRAND_LOGO_URL: '//evil.example/a.svg' }),
      /Invalid BRAND_LOGO_URL/,
      'a scheme-relative URL is not a path',
    );
    t.throws(() => loadBrandConfig({ BRAND_LOGO_URL: 'javascript:alert(1)' }), /Invalid BRAND_LOGO_URL/);
    t.throws(() => loadBrandConfig({ BRAND_NAME: '<script>' }), /Invalid BRAND_NAME/);
    t.throws(() => loadBrandConfig({ BRAND_NAME: 'x'.repeat(61) }), /Invalid BRAND_NAME/);
  });

  t.test('the stylesheet: the colour for buttons, and dark-theme links readable on dark paper', async (t) => {
    const css = brandStylesheet('#7a1fa2');
    t.match(css, /:root \{ --brand: #7a1fa2;.*--brand-fill: #7a1fa2;/);
    const darkLink = /prefers-color-scheme: dark\) \{\s*:root \{ --brand: (#[0-9a-f]{6})/.exec(css)?.[1];
    t.ok(darkLink);
    // Contrast against the dark paper #161b22 (luminance about 0.0103).
    const luminance = (hex: string) => 1.05 / whiteTextContrast(hex) - 0.05;
    t.ok((luminance(darkLink!) + 0.05) / (0.0103 + 0.05) >= 4.5, `dark-theme link ${darkLink} reads at 4.5:1 or more`);
  });

  const SHELL = [
    '<!doctype html><html lang="ja"><head><title>ログイン · 会員ポータル</title>',
    '<meta property="og:title" content="ログイン · 会員ポータル">',
    '<link rel="icon" type="image/svg+xml" href="data:image/svg+xml,x">',
    '<link rel="stylesheet" href="/assets/main.css"></head><body><header>',
    '<svg class="brand-logo" viewBox="0 0 32 32" aria-hidden="true" focusable="false"><rect class="brand-logo__tile" width="32" height="32" rx="8"></rect></svg>',
    '<span class="site-header__name">会員ポータル</span></header>',
    '<footer><p>Copyright © 2026 会員ポータル 無断転載を禁じます。</p></footer></body></html>',
  ].join('');

  t.test('a page shell in the brand: name everywhere, logo, colour stylesheet, and the values for the client', async (t) => {
    const html = brandShell(SHELL, { name: 'Acme & Co', logoUrl: 'https://cdn.example.com/a.svg', color: '#7a1fa2' });
    t.notMatch(html, /会員ポータル/, "the portal's name is gone");
    t.match(html, '<title>ログイン · Acme &amp; Co</title>');
    t.match(html, '<span class="site-header__name">Acme &amp; Co</span>');
    t.match(html, 'Copyright © 2026 Acme &amp; Co 無断転載を禁じます。');
    t.match(html, '<img class="brand-logo" src="https://cdn.example.com/a.svg" alt=""/>');
    t.notMatch(html, /brand-logo__tile/, "the portal's mark is replaced");
    t.match(html, '<link rel="icon" href="https://cdn.example.com/a.svg">');
    t.ok(html.indexOf('/brand.css') > html.indexOf('/assets/main.css'), 'the brand stylesheet comes after the built one');
    t.match(
      html,
      '<meta name="portal-brand" content="{&quot;name&quot;:&quot;Acme &amp; Co&quot;,&quot;logoUrl&quot;:&quot;https://cdn.example.com/a.svg&quot;}">',
    );
  });

  t.test('every encoding is made again from the branded page; no brand leaves the shells as built', async (t) => {
    const { brotliCompressSync, gzipSync } = await import('node:zlib');
    const plain = Buffer.from(SHELL);
    const shells = new Map([['shells/ja-jp/login.html', { plain, br: brotliCompressSync(plain), gzip: gzipSync(plain) }]]);
    t.equal(brandShells(shells, {}), shells);
    const branded = brandShells(shells, { name: 'Acme' }).get('shells/ja-jp/login.html')!;
    t.match(branded.plain!.toString(), '<span class="site-header__name">Acme</span>');
    t.equal(brotliDecompressSync(branded.br!).toString(), branded.plain!.toString());
    t.equal(gunzipSync(branded.gzip!).toString(), branded.plain!.toString());
  });
});

t.test('captcha settings', async (t) => {
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
});

t.test('social providers', async (t) => {
  const base = {
    DATA_DIR: '/tmp/portal-social-config-test',
    SESSION_SECRET: 's'.repeat(40),
    UPSTREAM_SERVICE_KEY: 'k'.repeat(20),
    PASSWORD_ENCODING_KEY: 'a'.repeat(64),
  };

  t.test('providers are configuration: id and secret together, http(s) endpoints', async (t) => {
    t.same(loadBffConfig(base).social, {}, 'none by default');
    t.throws(() => loadBffConfig({ ...base, GOOGLE_CLIENT_ID: 'id' }), /GOOGLE_CLIENT_SECRET/);
    t.throws(() => loadBffConfig({ ...base, FACEBOOK_APP_SECRET: 'secret' }), /FACEBOOK_APP_ID/);
    t.throws(
      () => loadBffConfig({ ...base, LINKEDIN_CLIENT_ID: 'id', LINKEDIN_CLIENT_SECRET: 'x', LINKEDIN_TOKEN_URL: 'ftp://x' }),
      /LINKEDIN_TOKEN_URL/,
    );
    t.throws(() => loadBffConfig({ ...base, GOOGLE_CLIENT_ID: 'id with spaces', GOOGLE_CLIENT_SECRET: 'x' }), /GOOGLE_CLIENT_ID/);
    const config = loadBffConfig({
      ...base,
      GOOGLE_CLIENT_ID: 'gid',
      GOOGLE_CLIENT_SECRET: 'gsecret',
      FACEBOOK_APP_ID: '1',
      FACEBOOK_APP_SECRET: 'fsecret',
      FACEBOOK_GRAPH_URL: 'http://graph.local/v1/',
    });
    t.match(config.social.google, {
      clientId: 'gid',
      authorizationUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
      userinfoUrl: 'https://openidconnect.googleapis.com/v1/userinfo',
    });
    t.match(config.social.facebook, {
      tokenUrl: 'http://graph.local/v1/oauth/access_token',
      userinfoUrl: 'http://graph.local/v1/me',
      debugTokenUrl: 'http://graph.local/v1/debug_token',
    });
    t.equal(config.social.linkedin, undefined);
  });

  t.test('only configured providers are offered; an unconfigured one cannot be started', async (t) => {
    const { app } = await buildBff(t, {
      GOOGLE_CLIENT_ID: 'gid',
      GOOGLE_CLIENT_SECRET: 'gsecret',
      PUBLIC_ORIGIN: 'https://portal.example',
      TRUST_PROXY: '1',
    });
    const config = await app.inject({ method: 'GET', url: '/api/info/PortalConfig?lang=en' });
    t.same(config.json().data.socialTypes, [1]);
    const headers = { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' };
    const facebook = await app.inject({
      method: 'POST',
      url: '/api/Member/SocialAuthorize',
      headers,
      payload: { socialType: 2, origin: 'login' },
    });
    t.equal(facebook.json().code, 'SocialNotConfigured');
    const started = await app.inject({
      method: 'POST',
      url: '/api/Member/SocialAuthorize',
      headers,
      payload: { socialType: 1, origin: 'register', lang: 'ko-kr' },
    });
    const url = new URL(started.json().data.authorizationUrl);
    t.equal(url.origin + url.pathname, 'https://accounts.google.com/o/oauth2/v2/auth');
    t.equal(url.searchParams.get('client_id'), 'gid');
    t.equal(url.searchParams.get('redirect_uri'), 'https://portal.example/ko-kr/social-login');
    t.equal(url.searchParams.get('response_type'), 'code');
    t.match(url.searchParams.get('state'), /^[A-Za-z0-9_-]{43}$/);
    t.notOk(url.searchParams.has('client_secret'), 'the secret stays in the portal');
    const noMarker = await app.inject({
      method: 'POST',
      url: '/api/Member/SocialAuthorize',
      headers: { 'content-type': 'application/json' },
      payload: { socialType: 1, origin: 'login' },
    });
    t.equal(noMarker.statusCode, 403, 'starting is CSRF-guarded like every state change');
  });
});

t.test('sign-in settings', async (t) => {
  const base = {
    DATA_DIR: '/tmp/portal-sign-in-config',
    SESSION_SECRET: 's'.repeat(32),
    UPSTREAM_SERVICE_KEY: 'k'.repeat(32),
    PASSWORD_ENCODING_KEY: 'a'.repeat(64),
  };

  t.test('code-sending limit and company-site keys come from the environment', async (t) => {
    const defaults = loadBffConfig(base);
    t.equal(defaults.otpRateLimitPerMinute, 5);
    t.same(defaults.ssoSites, [], 'no site can redeem tickets unless keys are set');
    const key = 'A'.repeat(32);
    const set = loadBffConfig({ ...base, OTP_RATE_LIMIT_PER_MINUTE: '12', SSO_SITE_KEYS: ` ${key} , ${'b_-9'.repeat(10)} ` });
    t.equal(set.otpRateLimitPerMinute, 12);
    t.same(set.ssoSites, [{ key }, { key: 'b_-9'.repeat(10) }], 'a key alone redeems any site’s tickets');
    const bound = loadBffConfig({ ...base, SSO_SITE_KEYS: `Shop.example.com=${key}, http://localhost:8080=${'c'.repeat(32)}` });
    t.same(
      bound.ssoSites,
      [
        { key, site: 'shop.example.com' },
        { key: 'c'.repeat(32), site: 'http://localhost:8080' },
      ],
      'a key after a callback entry and "=" is bound to that site',
    );
    t.throws(() => loadBffConfig({ ...base, SSO_SITE_KEYS: `shop example=${key}` }), /SSO_SITE_KEYS/, 'a malformed site is refused');
    t.throws(() => loadBffConfig({ ...base, OTP_RATE_LIMIT_PER_MINUTE: '0' }), /OTP_RATE_LIMIT_PER_MINUTE/);
    t.throws(() => loadBffConfig({ ...base, SSO_SITE_KEYS: 'short' }), /SSO_SITE_KEYS/, 'a guessable key is refused');
  });
});
