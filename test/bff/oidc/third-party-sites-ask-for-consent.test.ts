import t from 'tap';
import * as client from 'openid-client';
import { createActiveMember, signIn, startStack, type TestClient } from '../../helper.ts';
import {
  authorizationRequest,
  followPortal,
  oidcClientsEnv,
  redeem,
  siteClient,
  startRelyingSites,
  type RelyingSite,
} from '../../helpers/oidc-sites.ts';

/**
 * A third-party site (not first_party) signs a member in only after the member allows it on the
 * portal's consent screen, which names in words what the site receives. Allow is remembered (the
 * next sign-in, in any browser, asks nothing); Deny tells the site access_denied.
 */
const sites = await startRelyingSites(t, [{ id: 'partner', firstParty: false }]);
const [partner] = sites as [RelyingSite];
const stack = await startStack(t, { env: oidcClientsEnv(sites) });
const portal = stack.bffUrl;

/** Starts a sign-in at the partner; where the browser stops (the consent screen, or back at the site). */
async function startAtPartner(browser: TestClient, scope = 'openid email profile', extra: Record<string, string> = {}) {
  const config = await siteClient(portal, partner);
  const pending = await authorizationRequest(config, partner, { scope, ui_locales: 'ja-jp', ...extra });
  const stop = await followPortal(browser, portal, pending.url);
  return { config, pending, stop };
}

const consentUid = (url: URL) => /^\/ja-jp\/site-consent\/([\w-]+)$/.exec(url.pathname)?.[1];

t.test('Allow: the screen names what the site receives, the site signs in, and the next sign-in asks nothing', async (t) => {
  const member = await createActiveMember(stack);
  const browser = await signIn(stack, member);
  const { config, pending, stop } = await startAtPartner(browser, 'openid email profile phone');
  const uid = consentUid(stop.url);
  t.ok(uid, `the consent screen, in the site's language: ${stop.url.pathname}`);

  const question = await browser.get(`/api/Member/SiteConsent/${uid}`);
  t.same(question.body.data, { site: 'partner', items: ['email', 'profile', 'phone'] });
  const allowed = await browser.post(`/api/Member/SiteConsent/${uid}`, { allow: true });
  t.equal(allowed.body.code, 'ok');
  const back = await followPortal(browser, portal, allowed.body.data.continueTo);
  t.equal(back.url.origin + back.url.pathname, partner.redirectUri, 'on to the site without another click');
  const tokens = await redeem(config, pending, back.url);
  t.equal(
    (await client.fetchUserInfo(config, tokens.access_token, tokens.claims()!.sub)).email,
    member.email,
    'and reads what was allowed',
  );

  const again = await startAtPartner(browser);
  t.equal(again.stop.url.origin + again.stop.url.pathname, partner.redirectUri, 'allowed before: straight back to the site');
  const elsewhere = await startAtPartner(await signIn(stack, member));
  t.equal(elsewhere.stop.url.origin + elsewhere.stop.url.pathname, partner.redirectUri, 'in another browser too');

  // Staying signed in needs the site to ask with prompt=consent (OpenID Connect Core 11).
  const more = await startAtPartner(browser, 'openid email profile phone offline_access', { prompt: 'consent' });
  const moreUid = consentUid(more.stop.url);
  t.ok(moreUid, 'asking for more asks again');
  t.same((await browser.get(`/api/Member/SiteConsent/${moreUid}`)).body.data.items, ['offline_access'], 'for the new item alone');
});

t.test('Deny: the site hears access_denied, and the question cannot be answered twice', async (t) => {
  const browser = await signIn(stack, await createActiveMember(stack));
  const { stop } = await startAtPartner(browser);
  const uid = consentUid(stop.url)!;
  const denied = await browser.post(`/api/Member/SiteConsent/${uid}`, { allow: false });
  t.equal(denied.body.code, 'ok');
  const back = await followPortal(browser, portal, denied.body.data.continueTo);
  t.equal(back.url.origin + back.url.pathname, partner.redirectUri);
  t.equal(back.url.searchParams.get('error'), 'access_denied');
  t.equal((await browser.post(`/api/Member/SiteConsent/${uid}`, { allow: true })).status, 404, 'answered: nothing left to allow');
  t.equal((await browser.get(`/api/Member/SiteConsent/${uid}`)).status, 404);
});
