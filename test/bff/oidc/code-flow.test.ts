import t from 'tap';
import * as client from 'openid-client';
import { createActiveMember, createClient, signIn, startStack } from '../../helper.ts';
import {
  authorizationRequest,
  followPortal,
  oidcClientsEnv,
  redeem,
  siteClient,
  startRelyingSites,
  verifyLogoutToken,
} from '../../helpers/oidc-sites.ts';

/**
 * The portal as an OpenID Provider, end to end over HTTP with a real member service and
 * openid-client as the sites' library: discovery, the code flow for a member signed in at the
 * portal, ID token and UserInfo claims, refresh, single sign-on to a second site, and the
 * spec's Logout reaching both sites by back-channel.
 */
const [shop, docs] = await startRelyingSites(t, [{ id: 'shop' }, { id: 'docs', public: true }]);
const stack = await startStack(t, { env: oidcClientsEnv([shop!, docs!]) });
const portal = stack.bffUrl;

t.test('discovery names the portal as issuer and offers only the code flow with S256', async (t) => {
  const config = await siteClient(portal, shop!);
  const meta = config.serverMetadata();
  t.equal(meta.issuer, portal);
  t.same(meta.response_types_supported, ['code']);
  t.same(meta.code_challenge_methods_supported, ['S256']);
  t.notOk((meta.id_token_signing_alg_values_supported ?? []).includes('none'), 'no none algorithm');
  t.equal(meta.backchannel_logout_supported, true);
  t.match(meta.authorization_endpoint, `${portal}/oidc/auth`);
  t.match(meta.end_session_endpoint, `${portal}/oidc/session/end`);
});

t.test('a signed-in member goes straight back to the site, which signs in, reads UserInfo and refreshes', async (t) => {
  const member = await createActiveMember(stack);
  const browser = await signIn(stack, member);
  const config = await siteClient(portal, shop!);
  const pending = await authorizationRequest(config, shop!, { scope: 'openid email profile offline_access' });
  const back = await followPortal(browser, portal, pending.url);
  t.equal(back.url.origin + back.url.pathname, shop!.redirectUri, 'back at the site with a code');
  const tokens = await redeem(config, pending, back.url);
  const claims = tokens.claims()!;
  t.ok(claims.sub && claims.sub !== member.email && !/^[0-9]+$/.test(claims.sub), 'sub is opaque');
  t.same(claims.amr, ['pwd']);
  t.type(claims.auth_time, 'number');
  t.type(claims.sid, 'string');
  const info = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
  t.equal(info.email, member.email);
  t.equal(info.email_verified, true);
  t.equal(info.given_name, 'Ada');
  t.equal(info.family_name, 'Lovelace');
  t.equal(info.locale, 'en');
  t.ok(tokens.refresh_token, 'offline_access gives a first-party site a refresh token without asking');
  const refreshed = await client.refreshTokenGrant(config, tokens.refresh_token!);
  t.not(refreshed.refresh_token, tokens.refresh_token, 'the refresh token rotates');
});

t.test('single sign-on to a second site, and the spec Logout tells both by back-channel', async (t) => {
  const member = await createActiveMember(stack);
  const browser = await signIn(stack, member);
  const subjects: string[] = [];
  const sids: Record<string, string> = {};
  for (const site of [shop!, docs!]) {
    const config = await siteClient(portal, site);
    const pending = await authorizationRequest(config, site);
    const back = await followPortal(browser, portal, pending.url);
    const tokens = await redeem(config, pending, back.url);
    subjects.push(tokens.claims()!.sub);
    sids[site.id] = String(tokens.claims()!.sid);
  }
  t.equal(subjects[0], subjects[1], 'one subject at both sites');
  const shopToken = shop!.nextLogoutToken();
  const docsToken = docs!.nextLogoutToken();
  const out = await browser.get('/api/Member/Logout');
  t.equal(out.body.code, 'ok');
  for (const [site, token] of [
    [shop!, await shopToken],
    [docs!, await docsToken],
  ] as const) {
    const payload = await verifyLogoutToken(portal, site, token);
    t.equal(payload.sub, subjects[0], `${site.id}: the member`);
    t.equal(payload.sid, sids[site.id], `${site.id}: the session it knows`);
  }
  // The site cannot sign the member in silently any more.
  const config = await siteClient(portal, shop!);
  const pending = await authorizationRequest(config, shop!, { prompt: 'none' });
  const back = await followPortal(browser, portal, pending.url);
  t.equal(back.url.searchParams.get('error'), 'login_required');
});

t.test('without a portal session the browser goes to the portal login, which leads back to the flow', async (t) => {
  const member = await createActiveMember(stack);
  const browser = createClient(portal);
  const config = await siteClient(portal, shop!);
  const pending = await authorizationRequest(config, shop!, { ui_locales: 'ja' });
  const atLogin = await followPortal(browser, portal, pending.url);
  t.equal(atLogin.url.pathname, '/ja-jp/login', 'ui_locales picks the language');
  const returnUrl = atLogin.url.searchParams.get('callbackurl')!;
  t.match(returnUrl, /^\/oidc\/interaction\//);
  const signedIn = await browser.post('/api/Member/Login', { userId: member.email, password: member.password, returnUrl });
  t.equal(signedIn.body.data.redirectUrl, returnUrl, 'the login sends the member back to the flow');
  const asked = await followPortal(browser, portal, returnUrl);
  t.equal(asked.url.pathname, '/ja-jp/choosing-preferring', 'a member with no preferences yet chooses them first, in the same language');
  await browser.patch('/api/member', { skip: true, returnUrl });
  const back = await followPortal(browser, portal, returnUrl);
  t.equal(back.url.origin + back.url.pathname, shop!.redirectUri);
  const tokens = await redeem(config, pending, back.url);
  t.ok(tokens.id_token);
});
