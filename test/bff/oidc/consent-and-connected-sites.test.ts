import t from 'tap';
import * as client from 'openid-client';
import { createActiveMember, createClient, signIn, startStack, type TestClient, startAnotherBff } from '../../helper.ts';
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
import { redisAvailable, redisForFile } from '../../helpers/redis.ts';

t.test("connected sites: remove ends the site's tokens", async (t) => {
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
});

t.test('third-party sites ask for consent', async (t) => {
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
});

t.test('connected sites on one Redis', async (t) => {
  /**
   * The member's grants are indexed in the portal's store, so with Redis every instance knows
   * them: a site allowed at instance A is remembered at B (no second question), listed in
   * Connected sites at B, and removed at B so that the site's refresh fails at A.
   */
  if (!redisAvailable()) {
    t.test('Connected sites on one Redis', { skip: 'redis-server is not installed' }, async () => {});
  } else {
    const redis = await redisForFile(t);
    const [partner] = (await startRelyingSites(t, [{ id: 'partner', firstParty: false }])) as [RelyingSite];
    const stack = await startStack(t, { env: { REDIS_URL: redis.url, ...oidcClientsEnv([partner]) } });
    const other = await startAnotherBff(t, stack);
    const a = stack.bffUrl;

    t.test('allowed at A: remembered, listed and removed at B', async (t) => {
      const member = await createActiveMember(stack);
      const atA = await signIn(stack, member);
      const config = await siteClient(a, partner);
      const pending = await authorizationRequest(config, partner, { scope: 'openid email offline_access', prompt: 'consent' });
      const uid = /\/site-consent\/([\w-]+)$/.exec((await followPortal(atA, a, pending.url)).url.pathname)![1]!;
      const allowed = await atA.post(`/api/Member/SiteConsent/${uid}`, { allow: true });
      const tokens = await redeem(config, pending, (await followPortal(atA, a, allowed.body.data.continueTo)).url);

      // Another browser, served by B alone (the site's authorization request sent to B's address).
      const atB = await signIn({ ...stack, bffUrl: other.url }, member);
      const again = await authorizationRequest(config, partner, { scope: 'openid email' });
      const back = await followPortal(atB, other.url, new URL(again.url.pathname + again.url.search, other.url));
      t.equal(back.url.origin + back.url.pathname, partner.redirectUri, 'a new browser at B: no second question');

      t.same(
        (await atB.get('/api/Member/ConnectedSites')).body.data.sites.map((site: { id: string }) => site.id),
        ['partner'],
        'listed at B',
      );
      t.equal((await atB.delete('/api/Member/ConnectedSites/partner', {})).body.code, 'ok');
      t.equal(await oauthErrorOf(client.refreshTokenGrant(config, tokens.refresh_token!)), 'invalid_grant', 'the refresh fails at A');
      t.same((await atA.get('/api/Member/ConnectedSites')).body.data.sites, [], 'and A lists nothing');
    });
  }
});
