import t from 'tap';
import { buildBff } from '../../helper.ts';

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
