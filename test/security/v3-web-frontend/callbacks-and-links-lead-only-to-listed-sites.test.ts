import t from 'tap';
import { withSsoParams } from '../../../client/session/login-outcome.ts';
import { allowedCallbackUrl, mayCarryTicket, safeRedirectUrl } from '../../../server/bff/callback-url.ts';
import { launchBrowser, newContext } from '../../e2e/browser.ts';
import { builtClientDir } from '../../e2e/client-build.ts';
import { textsOf } from '../../e2e/texts.ts';
import { createActiveMember, createClient, startStack } from '../../helper.ts';

/**
 * Return URLs, callback paths and the logo's link lead only to listed sites: no open redirect,
 * however the URL is spelt.
 */

t.test('callbacks never redirect off the allow list', async (t) => {
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
});

t.test('dot segments never turn a callback path into another host', async (t) => {
  const policy = { publicOrigin: 'https://member.example.com', allowedHosts: ['allowed.example'] };

  /** Where a browser on the portal ends up when it follows `href`. */
  const followed = (href: string) => new URL(href, 'https://member.example.com/en/login');

  const DOT_SEGMENT_PAYLOADS = [
    '/..//evil.example',
    '/%2e%2e//evil.example',
    '/%2E%2E//evil.example',
    '/.%2e//evil.example',
    '/./..//evil.example',
    '/a/../..//evil.example',
    '/en/../..//evil.example/x?y=1',
    '/%2e%2e/%2fevil.example',
    encodeURIComponent('/..//evil.example'),
  ];

  t.test('a path whose dot segments resolve to //host is refused, before and after parameters are appended', async (t) => {
    for (const payload of DOT_SEGMENT_PAYLOADS) {
      const allowed = allowedCallbackUrl(payload, policy);
      if (allowed === undefined) {
        t.pass(`refused: ${payload}`);
        continue;
      }
      const withTicket = withSsoParams(allowed, '42', 'ticket');
      t.equal(followed(withTicket).origin, 'https://member.example.com', `${payload} stays on the portal as ${withTicket}`);
      t.notOk(withTicket.startsWith('//'), `${payload} never becomes protocol-relative`);
    }
  });

  t.test('ordinary paths keep their meaning, resolved', async (t) => {
    t.equal(allowedCallbackUrl('/en/my-account?tab=profile#top', policy), '/en/my-account?tab=profile#top');
    t.equal(allowedCallbackUrl('/en/a/../my-account', policy), '/en/my-account');
    t.equal(allowedCallbackUrl('/%2e%2e/en/my-account', policy), '/en/my-account');
  });

  t.test('sign-in with a dot-segment returnUrl lands on the portal', async (t) => {
    const stack = await startStack(t);
    const member = await createActiveMember(stack);
    for (const returnUrl of ['/..//evil.example', '/%2e%2e//evil.example']) {
      const browser = createClient(stack.bffUrl);
      const res = await browser.post('/api/Member/Login', { userId: member.email, password: member.password, returnUrl });
      t.equal(res.body.code, 'ok', res.text);
      const target = res.body.data?.redirectUrl ?? '/en/my-account';
      t.equal(followed(target).origin, 'https://member.example.com', `${returnUrl} → ${target}`);
    }
  });
});

t.test('logo leads back only to listed sites', async (t) => {
  /*
   * The header logo used to lead back to any referring page, so a phishing page that links to the
   * portal's login became the target of the portal's own logo. It leads back only to a page the
   * callback allow-list accepts.
   */
  const stack = await startStack(t, { env: { CLIENT_DIR: await builtClientDir(), ALLOWED_CALLBACK_HOSTS: 'shop.example.com' } });
  const browser = await launchBrowser(t);
  const text = textsOf('en');

  async function logoAfterArrivingFrom(referer: string): Promise<string | null> {
    const page = await (await newContext(browser, stack.bffUrl)).newPage();
    // The allow-list's answer arrives after the first paint: wait until it has been asked.
    const asked = page.waitForResponse((response) => response.url().includes('/api/Member/BackToSite'));
    await page.goto('/en/login', { referer });
    await asked;
    await page.getByRole('heading', { name: text('login.title') }).waitFor();
    await page.waitForTimeout(100);
    return page.getByRole('link', { name: text('common.brand') }).getAttribute('href');
  }

  t.test('a referring page off the allow-list never becomes the logo’s target', async (t) => {
    for (const phishing of ['https://evil.example/login-help', 'https://shop.example.com.evil.example/', 'http://127.0.0.2:9/fake']) {
      t.equal(await logoAfterArrivingFrom(phishing), 'https://www.example.com/en', phishing);
    }
  });

  t.test('a listed company site is led back to', async (t) => {
    t.equal(await logoAfterArrivingFrom('https://shop.example.com/cart?x=1'), 'https://shop.example.com/cart?x=1');
  });
});
