import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import t, { type Test } from 'tap';
import { buildBff } from '../../helper.ts';
import { rawExchange, type RawReply } from '../../helpers/raw-http.ts';

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
