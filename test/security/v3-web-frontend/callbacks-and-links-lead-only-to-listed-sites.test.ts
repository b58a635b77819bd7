import t from 'tap';
import { allowedCallbackUrl, mayCarryTicket, safeRedirectUrl } from '../../../server/bff/callback-url.ts';

const policy = { publicOrigin: 'https://member.example.com', allowedHosts: ['allowed.example', 'shop.example:8443'] };

t.test('allowed: own host, listed hosts, same-origin paths', async (t) => {
  t.equal(allowedCallbackUrl('https://member.example.com/en/my-account', policy), 'https://member.example.com/en/my-account');
  t.equal(allowedCallbackUrl('https://allowed.example/cart?x=1#top', policy), 'https://allowed.example/cart?x=1#top');
  t.equal(allowedCallbackUrl('http://ALLOWED.example/', policy), 'http://allowed.example/');
  t.equal(allowedCallbackUrl('https://shop.example:8443/a', policy), 'https://shop.example:8443/a');
  t.equal(allowedCallbackUrl('/en/my-account?tab=profile', policy), '/en/my-account?tab=profile');
  t.equal(allowedCallbackUrl('/', policy), '/');
});

t.test('open-redirect payloads are refused', async (t) => {
  const payloads = [
    '//evil.example',
    '///evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    'https:evil.example',
    'https:/evil.example',
    'https://allowed.example\\@evil.example',
    'https://allowed.example@evil.example',
    'https://user:pass@allowed.example/',
    'https://allowed.example.evil.example',
    'https://evil.example/allowed.example',
    'https://evil.example?https://allowed.example',
    '%2F%2Fevil.example',
    '/%2F%2Fevil.example',
    '/%2f%5cevil.example',
    '/%252F%252Fevil.example',
    'javascript:alert(1)',
    'JavaScript:alert(1)//https://allowed.example',
    'data:text/html,<script>alert(1)</script>',
    'https://allowed.example/\r\nSet-Cookie: a=b',
    '/en/login\r\nLocation: https://evil.example',
    '/%0d%0aLocation:%20https://evil.example',
    ' https://allowed.example',
    '\t//evil.example',
    'https://shop.example/',
    'https://shop.example:9443/',
    'ftp://allowed.example/',
    'evil.example',
    '',
  ];
  for (const payload of payloads) {
    t.equal(allowedCallbackUrl(payload, policy), undefined, JSON.stringify(payload));
    t.equal(safeRedirectUrl(payload, policy, 'ja-jp'), '/ja-jp/my-account', `falls back: ${JSON.stringify(payload)}`);
  }
  t.equal(allowedCallbackUrl(undefined, policy), undefined);
  t.equal(allowedCallbackUrl(42, policy), undefined);
  t.equal(allowedCallbackUrl(`/${'a'.repeat(3000)}`, policy), undefined, 'overlong');
});

t.test('the fallback can be chosen', async (t) => {
  t.equal(safeRedirectUrl('//evil.example', policy, 'en', '/en/login'), '/en/login');
  t.equal(safeRedirectUrl('/en/register', policy, 'en', '/en/login'), '/en/register');
});

t.test('a percent-encoded value (spec section 3) is decoded once, then allow-listed', async (t) => {
  const encoded = (url: string) => encodeURIComponent(url);
  t.equal(allowedCallbackUrl(encoded('https://allowed.example/cart?x=1&y=2#top'), policy), 'https://allowed.example/cart?x=1&y=2#top');
  t.equal(allowedCallbackUrl(encoded('https://shop.example:8443/a'), policy), 'https://shop.example:8443/a');
  t.equal(allowedCallbackUrl(encoded('/en/my-account?tab=profile'), policy), '/en/my-account?tab=profile');
  t.equal(
    allowedCallbackUrl('HTTPS%3A%2F%2Fallowed.example%2Fx', policy),
    'https://allowed.example/x',
    'either case of scheme and escapes',
  );
  t.equal(
    allowedCallbackUrl('https://allowed.example/search?q=a%26b', policy),
    'https://allowed.example/search?q=a%26b',
    'a plain URL keeps its own escapes',
  );
  for (const payload of [
    encoded('https://evil.example/'),
    encoded('//evil.example'),
    encoded(encoded('https://allowed.example/')),
    encoded('javascript:alert(1)'),
    encoded('https://allowed.example/\r\nSet-Cookie: a=b'),
    encoded('https://user:pass@allowed.example/'),
    '%E0%A4%A',
    '%',
  ]) {
    t.equal(allowedCallbackUrl(payload, policy), undefined, JSON.stringify(payload));
  }
});

t.test('a sign-in ticket may go to https on the default port of a host entry, or to an origin an entry names', async (t) => {
  const tickets = {
    publicOrigin: 'https://member.example.com',
    allowedHosts: ['shop.example', 'store.example:8443', 'http://localhost:8080', 'https://pay.example:9443'],
  };
  const carries = (url: string) => {
    const allowed = allowedCallbackUrl(url, tickets);
    return allowed === undefined ? 'refused' : mayCarryTicket(allowed, tickets);
  };
  t.equal(carries('https://shop.example/cart'), true);
  t.equal(carries('https://SHOP.example:443/cart'), true, 'the default port written out is the default port');
  t.equal(carries('http://shop.example/cart'), false, 'plain http: redirected without a ticket');
  t.equal(carries('https://shop.example:8443/cart'), false, 'another port: redirected without a ticket');
  t.equal(carries('https://store.example:8443/cart'), false, 'a port entry without a scheme allows the redirect, not the ticket');
  t.equal(carries('http://localhost:8080/back'), true, 'an origin entry names scheme and port');
  t.equal(carries('http://localhost:8081/back'), 'refused', 'an origin entry allows that origin only');
  t.equal(carries('https://localhost:8080/back'), 'refused');
  t.equal(carries('https://pay.example:9443/x'), true);
  t.equal(carries('https://pay.example/x'), 'refused');
  t.equal(carries('https://member.example.com/en/my-account'), false, "the portal's own pages need no ticket");
});
