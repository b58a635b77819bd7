import t from 'tap';
import * as client from 'openid-client';
import { createActiveMember, createClient, signIn, startStack, type TestClient } from '../../helper.ts';
import {
  authorizationRequest,
  followPortal,
  oauthErrorOf,
  oidcClientsEnv,
  redeem,
  siteClient,
  startRelyingSites,
  type RelyingSite,
} from '../../helpers/oidc-sites.ts';

/**
 * Connected sites in My account: the sites that hold the member's grant, with what they may
 * receive. Remove takes the grant back and ends the tokens issued under it (the site's next
 * refresh and UserInfo fail, and its next sign-in asks again); only the member's own grants
 * are ever listed or removed.
 */
const sites = await startRelyingSites(t, [{ id: 'shop' }, { id: 'partner', firstParty: false }]);
const [shop, partner] = sites as [RelyingSite, RelyingSite];
const stack = await startStack(t, { env: oidcClientsEnv(sites) });
const portal = stack.bffUrl;

/** Signs in at the site staying signed in (allowing a third-party site); its tokens and the site's config. */
async function signInAt(browser: TestClient, site: RelyingSite) {
  const config = await siteClient(portal, site);
  const pending = await authorizationRequest(config, site, {
    scope: 'openid email offline_access',
    ...(site === partner ? { prompt: 'consent' } : {}),
  });
  let stop = await followPortal(browser, portal, pending.url);
  const uid = /\/site-consent\/([\w-]+)$/.exec(stop.url.pathname)?.[1];
  if (uid)
    stop = await followPortal(
      browser,
      portal,
      (await browser.post(`/api/Member/SiteConsent/${uid}`, { allow: true })).body.data.continueTo,
    );
  const tokens = await redeem(config, pending, stop.url);
  return { config, tokens, stop };
}

const refresh = (signedIn: Awaited<ReturnType<typeof signInAt>>) =>
  client.refreshTokenGrant(signedIn.config, signedIn.tokens.refresh_token!);

t.test('the sites with a grant are listed; Remove ends the site’s tokens and the list forgets it', async (t) => {
  const member = await createActiveMember(stack);
  const browser = await signIn(stack, member);
  const atShop = await signInAt(browser, shop);
  const atPartner = await signInAt(browser, partner);

  const listed = await browser.get('/api/Member/ConnectedSites');
  t.same(listed.body.data, {
    enabled: true,
    sites: [
      { id: 'partner', site: 'partner', items: ['email', 'offline_access'], firstParty: false },
      { id: 'shop', site: 'shop', items: ['email', 'offline_access'], firstParty: true },
    ],
  });

  t.equal(
    (await browser.delete('/api/Member/ConnectedSites/partner', {}, { headers: { 'x-requested-with': undefined } })).status,
    403,
    'CSRF guard',
  );
  t.equal((await browser.delete('/api/Member/ConnectedSites/partner', {})).body.code, 'ok');
  t.equal(await oauthErrorOf(refresh(atPartner)), 'invalid_grant', 'the site cannot refresh any more');
  const sub = atPartner.tokens.claims()!.sub;
  t.not(await oauthErrorOf(client.fetchUserInfo(atPartner.config, atPartner.tokens.access_token, sub)), 'none', 'nor read UserInfo');
  t.same(
    (await browser.get('/api/Member/ConnectedSites')).body.data.sites.map((s: { id: string }) => s.id),
    ['shop'],
    'gone from the list',
  );
  t.equal((await browser.delete('/api/Member/ConnectedSites/partner', {})).status, 404, 'removed once');
  t.equal(await oauthErrorOf(refresh(atShop)), 'none', 'the other site keeps its grant');

  const config = await siteClient(portal, partner);
  const again = await followPortal(browser, portal, (await authorizationRequest(config, partner)).url);
  t.match(again.url.pathname, /\/site-consent\//, 'signing in at the site asks again');
});

t.test('another member’s site cannot be removed, and no session lists nothing', async (t) => {
  const victim = await signIn(stack, await createActiveMember(stack));
  const atPartner = await signInAt(victim, partner);
  const intruder = await signIn(stack, await createActiveMember(stack));
  t.same((await intruder.get('/api/Member/ConnectedSites')).body.data.sites, [], 'the intruder sees none of the victim’s sites');
  t.equal((await intruder.delete('/api/Member/ConnectedSites/partner', {})).status, 404);
  t.equal(await oauthErrorOf(refresh(atPartner)), 'none', 'the victim’s site still refreshes');
  const anonymous = createClient(portal);
  t.equal((await anonymous.get('/api/Member/ConnectedSites')).status, 401);
  t.equal((await anonymous.delete('/api/Member/ConnectedSites/partner', {})).status, 401);
});
