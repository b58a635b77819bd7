import t from 'tap';
import { allowedCallbackUrl, safeRedirectUrl } from '../../server/bff/callback-url.ts';

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
