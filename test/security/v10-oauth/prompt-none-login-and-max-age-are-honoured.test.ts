import t from 'tap';
import { createClient, signIn, startStack } from '../../helper.ts';
import {
  authorizationRequest,
  followPortal,
  oidcClientsEnv,
  redeem,
  siteClient,
  startRelyingSites,
  createReturningMember,
} from '../../helpers/oidc-sites.ts';

/**
 * ASVS 5.0 V10.5: prompt=none without a portal session answers login_required to the site and
 * shows nothing; prompt=login and an exceeded max_age send the member to sign in afresh even
 * when the portal has a session; the ID token's auth_time is that of the sign-in that counted.
 */
const [site, docs] = await startRelyingSites(t, [{ id: 'shop' }, { id: 'docs' }]);
const stack = await startStack(t, { env: oidcClientsEnv([site!, docs!]) });
const config = await siteClient(stack.bffUrl, site!);
const member = await createReturningMember(stack);

t.test('prompt=none without a session: login_required at the site, with its state', async (t) => {
  const pending = await authorizationRequest(config, site!, { prompt: 'none' });
  const back = await followPortal(createClient(stack.bffUrl), stack.bffUrl, pending.url);
  t.equal(back.url.origin + back.url.pathname, site!.redirectUri);
  t.equal(back.url.searchParams.get('error'), 'login_required');
  t.equal(back.url.searchParams.get('state'), pending.state);
  t.notOk(back.url.searchParams.has('code'));
});

t.test('prompt=none signs in silently once this portal session has signed in at a site', async (t) => {
  const browser = await signIn(stack, member);
  const cold = await authorizationRequest(config, site!, { prompt: 'none' });
  t.equal(
    (await followPortal(browser, stack.bffUrl, cold.url)).url.searchParams.get('error'),
    'login_required',
    'before any site: no provider session yet, and prompt=none allows no step to make one',
  );
  const first = await authorizationRequest(config, site!);
  t.ok((await followPortal(browser, stack.bffUrl, first.url)).url.searchParams.get('code'), 'a plain request goes straight back');
  for (const [name, other] of [
    ['the same site', site!],
    ['another first-party site', docs!],
  ] as const) {
    const otherConfig = await siteClient(stack.bffUrl, other);
    const pending = await authorizationRequest(otherConfig, other, { prompt: 'none' });
    t.ok((await followPortal(browser, stack.bffUrl, pending.url)).url.searchParams.get('code'), `then silently: ${name}`);
  }
});

t.test('prompt=login sends a signed-in member to the login screen, and the fresh sign-in counts', async (t) => {
  const browser = await signIn(stack, member);
  const first = await authorizationRequest(config, site!);
  const earlier = (await redeem(config, first, (await followPortal(browser, stack.bffUrl, first.url)).url)).claims()!;
  await new Promise((resolve) => setTimeout(resolve, 1100));
  const pending = await authorizationRequest(config, site!, { prompt: 'login' });
  const atLogin = await followPortal(browser, stack.bffUrl, pending.url);
  t.equal(atLogin.url.pathname, '/en/login', 'the login screen, though signed in');
  const returnUrl = atLogin.url.searchParams.get('callbackurl')!;
  const again = await followPortal(browser, stack.bffUrl, returnUrl);
  t.equal(again.url.pathname, '/en/login', 'coming back without signing in does not skip it');
  await browser.post('/api/Member/Login', { userId: member.email, password: member.password, returnUrl });
  const back = await followPortal(browser, stack.bffUrl, returnUrl);
  const claims = (await redeem(config, pending, back.url)).claims()!;
  t.ok(Number(claims.auth_time) > Number(earlier.auth_time), 'auth_time is that of the new sign-in');
});

t.test('max_age older than the sign-in asks for a new one; prompt=none with it answers login_required', async (t) => {
  const browser = await signIn(stack, member);
  await new Promise((resolve) => setTimeout(resolve, 2100));
  const silent = await authorizationRequest(config, site!, { prompt: 'none', max_age: '1' });
  t.equal((await followPortal(browser, stack.bffUrl, silent.url)).url.searchParams.get('error'), 'login_required');
  const pending = await authorizationRequest(config, site!, { max_age: '1' });
  const atLogin = await followPortal(browser, stack.bffUrl, pending.url);
  t.equal(atLogin.url.pathname, '/en/login');
  const recent = await authorizationRequest(config, site!, { max_age: '3600' });
  t.ok((await followPortal(browser, stack.bffUrl, recent.url)).url.searchParams.get('code'), 'a generous max_age is satisfied');
});
