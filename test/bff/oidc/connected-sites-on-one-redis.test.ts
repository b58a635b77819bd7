import t from 'tap';
import * as client from 'openid-client';
import { createActiveMember, signIn, startAnotherBff, startStack } from '../../helper.ts';
import { redisAvailable, redisForFile } from '../../helpers/redis.ts';
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
