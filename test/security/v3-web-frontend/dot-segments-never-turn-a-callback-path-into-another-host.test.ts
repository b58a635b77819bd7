import t from 'tap';
import { allowedCallbackUrl } from '../../../server/bff/callback-url.ts';
import { withSsoParams } from '../../../client/session/login-outcome.ts';
import { createActiveMember, createClient, startStack } from '../../helper.ts';

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
