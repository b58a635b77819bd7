import t from 'tap';
import * as client from 'openid-client';
import { createActiveMember, createClient, signIn, startAnotherBff, startStack } from '../../helper.ts';
import { redisAvailable, redisForFile } from '../../helpers/redis.ts';
import {
  authorizationRequest,
  followPortal,
  oauthErrorOf,
  oidcClientsEnv,
  redeem,
  SITE_SECRET,
  siteClient,
  startRelyingSites,
  verifyLogoutToken,
} from '../../helpers/oidc-sites.ts';

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
