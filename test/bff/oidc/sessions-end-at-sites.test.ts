import t from 'tap';
import * as client from 'openid-client';
import { ManualClock } from '../../../server/common/clock.ts';
import { PURGE_JOB_NAME } from '../../../server/member-service/jobs/purge-deleted-members.ts';
import { createActiveMember, signIn, startStack, type TestClient, createClient, startAnotherBff } from '../../helper.ts';
import {
  authorizationRequest,
  followPortal,
  oauthErrorOf,
  oidcClientsEnv,
  redeem,
  siteClient,
  startRelyingSites,
  verifyLogoutToken,
  SITE_SECRET,
} from '../../helpers/oidc-sites.ts';
import { redisAvailable, redisForFile } from '../../helpers/redis.ts';

t.test('every way a session ends tells its sites', async (t) => {
  /**
   * A portal session ended from elsewhere tells the sites it signed in at: ended from Devices and
   * sessions (one, or all others), by a password change, which ends the member's other sessions,
   * or by a request to delete the account.
   */
  const DAY_MS = 24 * 3600 * 1000;
  const clock = new ManualClock(Date.UTC(2026, 5, 10, 9));
  const [site] = await startRelyingSites(t, [{ id: 'shop' }]);
  const stack = await startStack(t, { env: oidcClientsEnv([site!]), clock, memberService: { jobPollSeconds: 0 } });
  const portal = stack.bffUrl;

  /** Signs the browser in at the site (staying signed in): the sid the site was told, and its refresh. */
  async function signInAtSite(browser: TestClient) {
    const config = await siteClient(portal, site!);
    const pending = await authorizationRequest(config, site!, { scope: 'openid email offline_access' });
    const tokens = await redeem(config, pending, (await followPortal(browser, portal, pending.url)).url);
    let refreshToken = tokens.refresh_token!;
    // Each refresh rotates the token: the next one uses the newest.
    const refresh = async () => {
      refreshToken = (await client.refreshTokenGrant(config, refreshToken)).refresh_token!;
    };
    return { sid: String(tokens.claims()!.sid), refresh };
  }

  const signedInAtSite = async (browser: TestClient) => (await signInAtSite(browser)).sid;

  async function twoBrowsers() {
    const member = await createActiveMember(stack);
    const laptop = await signIn(stack, member);
    const phone = await signIn(stack, member);
    return { member, laptop, phone, phoneSid: await signedInAtSite(phone) };
  }

  t.test('ending one other session in Devices and sessions', async (t) => {
    const { laptop, phoneSid } = await twoBrowsers();
    const sessions = (await laptop.get('/api/Member/Sessions')).body.data as Array<{ id: string; current: boolean }>;
    const phone = sessions.find((session) => !session.current)!;
    const token = site!.nextLogoutToken();
    t.equal((await laptop.delete(`/api/Member/Sessions/${phone.id}`)).body.code, 'ok');
    t.equal((await verifyLogoutToken(portal, site!, await token)).sid, phoneSid);
  });

  t.test('ending all other sessions', async (t) => {
    const { laptop, phoneSid } = await twoBrowsers();
    const token = site!.nextLogoutToken();
    t.equal((await laptop.post('/api/Member/Sessions/EndOthers')).body.code, 'ok');
    t.equal((await verifyLogoutToken(portal, site!, await token)).sid, phoneSid);
  });

  t.test('a password change ends the other sessions and tells their sites', async (t) => {
    const { member, laptop, phoneSid } = await twoBrowsers();
    const token = site!.nextLogoutToken();
    const changed = await laptop.post('/api/Member/ResetPwd', {
      currentPassword: member.password,
      newPassword: 'Babbage1791!',
      confirmPassword: 'Babbage1791!',
    });
    t.equal(changed.body.code, 'ok');
    t.equal((await verifyLogoutToken(portal, site!, await token)).sid, phoneSid);
  });

  /** The logout tokens the site receives from now on, once there are `count` of them. */
  async function nextLogoutTokens(count: number): Promise<string[]> {
    const seen = site!.logoutTokens.length;
    for (let waited = 0; site!.logoutTokens.length < seen + count; waited += 20) {
      if (waited > 5000) throw new Error(`fewer than ${count} logout tokens`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return site!.logoutTokens.slice(seen);
  }

  t.test('a deletion request signs the member out of every site, this browser too; the purge ends what the sites hold', async (t) => {
    const { laptop, phoneSid } = await twoBrowsers();
    const here = await signInAtSite(laptop);
    const tokens = nextLogoutTokens(2);
    t.equal((await laptop.delete('/api/member', {})).body.code, 'ok');
    const sids = await Promise.all((await tokens).map(async (token) => (await verifyLogoutToken(portal, site!, token)).sid));
    t.same(sids.sort(), [phoneSid, here.sid].sort(), 'the sites of both sessions are told');
    t.equal((await laptop.get('/api/member')).status, 200, 'this session goes on, to show the deletion date and Restore');
    t.equal(await oauthErrorOf(here.refresh()), 'none', 'staying signed in lasts while the account may still be restored');

    clock.advance(31 * DAY_MS);
    await stack.apps.memberService.jobs.runNow(PURGE_JOB_NAME);
    t.equal(await oauthErrorOf(here.refresh()), 'invalid_grant', 'once the account is gone, the site cannot refresh');
  });
});

t.test('two portals on one Redis', async (t) => {
  /**
   * Two portal instances behind one address share a Redis: a code issued by one is redeemed at
   * the other (once), a refresh token works anywhere, and a sign-out at either reaches every site.
   */
  if (!redisAvailable()) {
    t.test('two portals on one Redis', { skip: 'redis-server is not installed' }, async () => {});
  } else {
    const redis = await redisForFile(t);
    const [shop, docs] = await startRelyingSites(t, [{ id: 'shop' }, { id: 'docs', public: true }]);
    const stack = await startStack(t, { env: { REDIS_URL: redis.url, ...oidcClientsEnv([shop!, docs!]) } });
    const other = await startAnotherBff(t, stack);
    const a = stack.bffUrl;
    const b = other.url;

    /** The same site talking to instance B (a load balancer's other choice); the issuer stays the portal's. */
    async function atB(config: client.Configuration): Promise<client.Configuration> {
      const { supportsPKCE: _method, ...meta } = config.serverMetadata();
      const moved = new client.Configuration(
        { ...meta, token_endpoint: `${b}/oidc/token`, userinfo_endpoint: `${b}/oidc/me` } as client.ServerMetadata,
        config.clientMetadata().client_id,
        SITE_SECRET,
      );
      client.allowInsecureRequests(moved);
      return moved;
    }

    t.test('a code from A is redeemed at B once; UserInfo and refresh work at either', async (t) => {
      const browser = await signIn(stack, await createActiveMember(stack));
      const config = await siteClient(a, shop!);
      const pending = await authorizationRequest(config, shop!, { scope: 'openid email offline_access' });
      const back = await followPortal(browser, a, pending.url);
      const tokens = await redeem(await atB(config), pending, back.url);
      const sub = tokens.claims()!.sub;
      t.equal(tokens.claims()!.iss, a, 'one issuer whichever instance answers');
      t.equal(await oauthErrorOf(redeem(config, pending, back.url)), 'invalid_grant', 'the same code at A: refused');
      t.equal(
        await oauthErrorOf(client.fetchUserInfo(config, tokens.access_token, sub)),
        '401',
        'and that reuse revoked the tokens everywhere',
      );
    });

    t.test('a sign-out at B reaches the sites signed in through A', async (t) => {
      const browser = await signIn(stack, await createActiveMember(stack));
      for (const site of [shop!, docs!]) {
        const config = await siteClient(a, site);
        const pending = await authorizationRequest(config, site);
        await redeem(config, pending, (await followPortal(browser, a, pending.url)).url);
      }
      const atBBrowser = createClient(b);
      for (const [name, value] of browser.cookies) atBBrowser.cookies.set(name, value);
      const shopToken = shop!.nextLogoutToken();
      const docsToken = docs!.nextLogoutToken();
      t.equal((await atBBrowser.get('/api/Member/Logout')).body.code, 'ok');
      await verifyLogoutToken(a, shop!, await shopToken);
      await verifyLogoutToken(a, docs!, await docsToken);
      t.pass('both sites heard of it');
    });
  }
});
