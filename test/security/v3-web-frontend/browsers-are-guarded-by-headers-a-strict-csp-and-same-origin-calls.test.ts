import { mkdir, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { join } from 'node:path';
import t, { type Test } from 'tap';
import { buildBff, createActiveMember, createClient, signIn, startStack, type TestClient, validRegistration } from '../../helper.ts';
import { rawExchange, type RawReply } from '../../helpers/raw-http.ts';

/**
 * A browser is guarded on every reply: security headers and a strict content security policy, and
 * state-changing calls that need the request marker and the portal's own origin, decided by the
 * matched route, not the URL's text.
 */

t.test('state changing calls need the marker and own origin', async (t) => {
  const XHR = { 'x-requested-with': 'XMLHttpRequest' };
  const login = { userId: 'someone@example.com', password: 'Secret123' };

  t.test('state-changing calls without the XMLHttpRequest marker are refused before anything runs', async (t) => {
    const { app } = await buildBff(t);
    const calls: Array<[string, string, unknown]> = [
      ['POST', '/api/Member/Login', login],
      ['POST', '/api/Member/Register', {}],
      ['POST', '/api/Member/IsExist', { email: 'a@example.com' }],
      ['POST', '/api/Member/Activate', { userId: 'u', token: 't' }],
      ['POST', '/api/Member/Reactivate', { userId: 'a@example.com' }],
      ['PUT', '/api/member', {}],
      ['GET', '/api/Member/Logout', undefined],
      ['GET', '/api/Member/Logout?callbackUrl=/en/login', undefined],
      ['GET', '/api/Member/Logout/', undefined],
    ];
    for (const [method, url, payload] of calls) {
      const res = await app.inject({ method: method as 'GET', url, payload: payload as object });
      t.equal(res.statusCode, 403, `${method} ${url}`);
      t.same(res.json(), { isSuccess: false, code: 'Forbidden' }, `${method} ${url}`);
      const wrongValue = await app.inject({
        method: method as 'GET',
        url,
        payload: payload as object,
        headers: { 'x-requested-with': 'fetch' },
      });
      t.equal(wrongValue.statusCode, 403, `${method} ${url} with another marker value`);
    }
    const read = await app.inject({ url: '/api/Member/IsLogin' });
    t.equal(read.statusCode, 200, 'reads need no marker');
  });

  t.test('a foreign Origin is refused even with the marker', async (t) => {
    const { app } = await buildBff(t, { PUBLIC_ORIGIN: 'http://member.example.com' });
    for (const origin of ['https://evil.example', 'null', 'http://member.example.com.evil.example', 'not a url']) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/Member/Login',
        payload: login,
        headers: { ...XHR, origin, host: 'member.example.com' },
      });
      t.equal(res.statusCode, 403, origin);
      t.same(res.json(), { isSuccess: false, code: 'Forbidden' });
    }
    // Same origin (by Host or by PUBLIC_ORIGIN) passes the guard and reaches the upstream, which is down here.
    for (const [origin, host] of [
      ['http://member.example.com', 'member.example.com'],
      ['http://localhost:3000', 'localhost:3000'],
      ['http://member.example.com', 'internal-name:3000'],
    ]) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/Member/Login',
        payload: login,
        headers: { ...XHR, origin: origin!, host: host! },
      });
      t.equal(res.statusCode, 502, `${origin} on ${host} passes`);
    }
  });

  t.test('a refused request changes nothing', async (t) => {
    const stack = await startStack(t);
    const stranger = createClient(stack.bffUrl);
    const email = 'forged@example.com';
    const forged = await stranger.post('/api/Member/Register', validRegistration(email), { headers: { 'x-requested-with': undefined } });
    t.equal(forged.status, 403);
    t.same((await stranger.post('/api/Member/IsExist', { email })).body.data, { isExist: false }, 'no member was created');

    const member = await createActiveMember(stack);
    const browser = await signIn(stack, member);
    const profile = (await browser.get('/api/member')).body.data;
    const fromElsewhere = { headers: { origin: 'https://evil.example' } };
    const update = await browser.put('/api/member', { firstName: 'Mallory', lastName: profile.lastName }, fromElsewhere);
    t.equal(update.status, 403);
    t.equal((await browser.get('/api/member')).body.data.firstName, profile.firstName, 'the profile is unchanged');
    const logout = await browser.get('/api/Member/Logout', fromElsewhere);
    t.equal(logout.status, 403);
    const noMarker = await browser.get('/api/Member/Logout', { headers: { 'x-requested-with': undefined } });
    t.equal(noMarker.status, 403, 'a plain link or image cannot sign the member out');
    t.equal((await browser.get('/api/member')).status, 200, 'still signed in');
  });
});

t.test('security headers on every reply', async (t) => {
  // The headers that keep a reply from being sniffed, framed or leaking its URL belong on every
  // reply, also those Fastify and Node write themselves when they refuse a request: a malformed
  // URL, a missing route, a body too large or of the wrong type, a deadline passed.
  const { app, config } = await buildBff(t, { REQUEST_TIMEOUT_MS: '1500', HEADERS_TIMEOUT_MS: '1500' });
  await mkdir(join(config.clientDir, 'assets'), { recursive: true });
  await writeFile(join(config.clientDir, 'index.html'), '<!doctype html><title>Portal</title>');
  await writeFile(join(config.clientDir, 'assets', 'app-1234.js'), 'export {};');
  const url = await app.listen({ host: '127.0.0.1', port: 0 });

  const request = (method: string, path: string, headers: Record<string, string> = {}, body = '') =>
    rawExchange(
      url,
      `${method} ${path} HTTP/1.1\r\nHost: portal.example\r\nConnection: close\r\n` +
        Object.entries({ ...headers, ...(body ? { 'content-length': String(Buffer.byteLength(body)) } : {}) })
          .map(([name, value]) => `${name}: ${value}\r\n`)
          .join('') +
        `\r\n${body}`,
    );
  const api = { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' };

  function assertHeaders(t: Test, reply: RawReply, label: string) {
    const h = reply.headers;
    t.equal(h['x-content-type-options'], 'nosniff', `${label}: nosniff`);
    t.match(h['content-security-policy'] ?? '', /default-src 'self'.*frame-ancestors 'none'/, `${label}: CSP`);
    t.equal(h['x-frame-options'], 'DENY', `${label}: X-Frame-Options`);
    t.equal(h['referrer-policy'], 'strict-origin-when-cross-origin', `${label}: Referrer-Policy`);
    t.match(h['permissions-policy'] ?? '', /camera=\(\).*geolocation=\(\).*microphone=\(\)/, `${label}: Permissions-Policy`);
  }

  const cases: Array<[string, number, () => Promise<RawReply>]> = [
    ['a page', 200, () => request('GET', '/en/login')],
    ['a hashed asset', 200, () => request('GET', '/assets/app-1234.js')],
    ['an API read', 200, () => request('GET', '/api/Member/IsLogin')],
    ['the health check', 200, () => request('GET', '/healthz')],
    ['a malformed URL', 400, () => request('GET', '/%zz')],
    ['a malformed URL under /api', 400, () => request('GET', '/api/Member/GetSampleNumber/%zz')],
    ['an unknown API path', 404, () => request('GET', '/api/Member/Nothing')],
    ['an unknown file', 404, () => request('GET', '/nothing.js')],
    ['a body too large', 413, () => request('POST', '/api/Member/Login', api, JSON.stringify({ userId: 'x'.repeat(70_000) }))],
    ['an unsupported media type', 415, () => request('POST', '/api/Member/Login', { ...api, 'content-type': 'text/xml' }, '<login/>')],
    ['malformed JSON', 400, () => request('POST', '/api/Member/Login', api, '{"userId":')],
    ['a path parameter too long', 414, () => request('GET', `/api/Member/CheckResetPwdTokenIsExpired/${'a'.repeat(200)}`)],
    ['a refused cross-site request', 403, () => request('POST', '/api/Member/Login', { 'content-type': 'application/json' }, '{}')],
    ['a malformed request line', 400, () => rawExchange(url, 'NOT HTTP AT ALL\r\n\r\n')],
    ['headers too large', 431, () => request('GET', '/en/login', { 'x-padding': 'x'.repeat(20_000) })],
    [
      'headers that never finish',
      408,
      () => rawExchange(url, 'GET /en/login HTTP/1.1\r\nHost: portal.example\r\n', { trickle: 'X-Slow: 1234567890', everyMs: 400 }),
    ],
  ];

  for (const [label, status, send] of cases) {
    t.test(label, async (t) => {
      const reply = await send();
      t.equal(reply.status, status, `${label}: ${status}`);
      assertHeaders(t, reply, label);
      if (status >= 400 && reply.headers['content-type']?.includes('json'))
        t.match(JSON.parse(reply.body), { isSuccess: false }, `${label}: the reply envelope`);
    });
  }

  t.test('no reply says which server writes it or echoes the URL back', async (t) => {
    const reply = await request('GET', '/en/auth/verify-email/live-token%zz/x');
    t.notMatch(reply.body, /live-token|FST_/, 'the refusal names a code, not the request');
    t.equal(reply.headers['x-powered-by'], undefined);
  });
});

t.test('strict csp and security headers', async (t) => {
  function directives(csp: string): Map<string, string> {
    return new Map(
      csp.split(';').map((part) => {
        const [name = '', ...values] = part.trim().split(/\s+/);
        return [name, values.join(' ')] as [string, string];
      }),
    );
  }

  /** The portal's HTTP server sets these headers (server/bff/http-server.ts), so they are read over real requests. */
  async function headersOf(app: Awaited<ReturnType<typeof buildBff>>['app'], path: string, headers: Record<string, string> = {}) {
    const url = app.server.listening
      ? `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
      : await app.listen({ host: '127.0.0.1', port: 0 });
    const res = await fetch(url + path, { headers });
    await res.arrayBuffer();
    return Object.fromEntries(res.headers) as Record<string, string>;
  }

  t.test('a strict Content-Security-Policy and the other security headers, on pages and on /api', async (t) => {
    const { app } = await buildBff(t);
    for (const url of ['/en/login', '/api/Member/IsLogin', '/healthz']) {
      const res = { headers: await headersOf(app, url) };
      const csp = directives(String(res.headers['content-security-policy']));
      t.equal(csp.get('default-src'), "'self'", url);
      t.equal(csp.get('script-src'), "'self'", url);
      t.equal(csp.get('style-src'), "'self'", url);
      t.equal(csp.get('img-src'), "'self' data:", url);
      t.equal(csp.get('connect-src'), "'self'", url);
      t.equal(csp.get('object-src'), "'none'", url);
      t.equal(csp.get('base-uri'), "'self'", url);
      t.equal(csp.get('form-action'), "'self'", url);
      t.equal(csp.get('frame-ancestors'), "'none'", url);
      t.notMatch(String(res.headers['content-security-policy']), /unsafe-inline|unsafe-eval/, url);
      t.equal(res.headers['x-content-type-options'], 'nosniff', url);
      t.equal(res.headers['x-frame-options'], 'DENY', url);
      t.equal(res.headers['referrer-policy'], 'strict-origin-when-cross-origin', url);
      t.match(res.headers['permissions-policy'], /camera=\(\)/, url);
      t.equal(res.headers['strict-transport-security'], undefined, `${url}: no HSTS over plain http`);
    }
    t.equal((await headersOf(app, '/api/Member/IsLogin'))['cache-control'], 'no-store', 'API replies are not cached');
  });

  t.test('behind https: HSTS and upgrade-insecure-requests', async (t) => {
    const { app } = await buildBff(t, { PUBLIC_ORIGIN: 'https://member.example.com', TRUST_PROXY: '1' });
    const res = { headers: await headersOf(app, '/en/login', { 'x-forwarded-proto': 'https' }) };
    t.match(res.headers['strict-transport-security'], /max-age=31536000/);
    t.match(res.headers['content-security-policy'], /upgrade-insecure-requests/);
  });
});

t.test('csrf guard follows the matched route not the url text', async (t) => {
  // An <img src> on another site sends a GET with the member's cookie and without the
  // X-Requested-With marker. Logout is a GET that changes state: however its path is spelled,
  // a request that reaches it must be refused, and the member stays signed in.
  const SPELLINGS = [
    '/api/Member/Logout',
    '/api/Member/%4Cogout',
    '/api/Member/%4cogout',
    '/api/Member/Logou%74',
    '/api/%4Dember/Logout',
    '/%61pi/Member/Logout',
    '/api/Member/Logout/',
    '/api/Member/Logout?callbackUrl=%2Fen%2Flogin',
    '/api/Member/Logout/?x=1',
    '/api/member/logout',
    '/api/member/logout/',
    '/api/Member/LOGOUT',
    '//api/Member/Logout',
    '/api/Member//Logout',
    '/api//Member/Logout',
    '/api/Member/Logout;x',
    '/api/Member/Logout%2F',
    '/api/Member/Logout%00',
    '/api/Member/Logout#x',
  ];

  const stack = await startStack(t);
  const member = await createActiveMember(stack);

  /** A request with the raw path as written (fetch would normalise it) and the member's cookie, as an image would send it. */
  function imageRequest(method: string, path: string, client: TestClient): Promise<{ status: number; body: string }> {
    const { port } = new URL(stack.bffUrl);
    const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    return new Promise((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, method, path, headers: { cookie, accept: 'image/*' } }, (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.end();
    });
  }

  t.test('no spelling of the Logout path signs the member out from another site', async (t) => {
    const browser = await signIn(stack, member);
    for (const method of ['GET', 'HEAD']) {
      for (const path of SPELLINGS) {
        const res = await imageRequest(method, path, browser);
        t.not(res.status, 200, `${method} ${path} is not answered as a sign-out (${res.status})`);
        t.notMatch(res.body, /redirectUrl/, `${method} ${path}`);
        t.equal((await browser.get('/api/member')).status, 200, `${method} ${path}: still signed in`);
      }
    }
  });

  t.test('what reaches Logout without the marker is refused by the guard', async (t) => {
    const browser = await signIn(stack, member);
    for (const path of ['/api/Member/%4Cogout', '/api/Member/Logou%74', '/api/Member/Logout/', '/api/Member/Logout?x=1']) {
      t.equal((await imageRequest('GET', path, browser)).status, 403, path);
      t.equal((await imageRequest('HEAD', path, browser)).status, 403, `HEAD ${path}`);
    }
    t.equal((await browser.get('/api/Member/%4Cogout')).status, 200, 'the portal itself, with the marker, signs out by any spelling');
    t.equal((await browser.get('/api/member')).status, 401);
  });
});
