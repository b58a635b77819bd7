import t from 'tap';
import * as client from 'openid-client';
import { createActiveMember, signIn, startStack } from '../../helper.ts';
import {
  authorizationRequest,
  followPortal,
  oauthErrorOf,
  oidcClientsEnv,
  redeem,
  siteClient,
  startRelyingSites,
} from '../../helpers/oidc-sites.ts';

/**
 * ASVS 5.0 V10.4: refresh tokens rotate; a rotated one used again is refused, and the reuse
 * ends the grant, so a thief and the site cannot both keep going.
 */
const sites = await startRelyingSites(t, [{ id: 'shop' }, { id: 'app', public: true }]);
const stack = await startStack(t, { env: oidcClientsEnv(sites) });
const browser = await signIn(stack, await createActiveMember(stack));

for (const site of sites) {
  t.test(`${site.id} client`, async (t) => {
    const config = await siteClient(stack.bffUrl, site);
    const pending = await authorizationRequest(config, site, { scope: 'openid offline_access' });
    const tokens = await redeem(config, pending, (await followPortal(browser, stack.bffUrl, pending.url)).url);
    const first = tokens.refresh_token!;
    const second = await client.refreshTokenGrant(config, first);
    t.ok(second.refresh_token && second.refresh_token !== first, 'a new refresh token each time');
    t.equal(await oauthErrorOf(client.refreshTokenGrant(config, first)), 'invalid_grant', 'the rotated one is refused');
    t.equal(await oauthErrorOf(client.refreshTokenGrant(config, second.refresh_token!)), 'invalid_grant', 'and its reuse ended the grant');
  });
}

t.test('without offline_access there is no refresh token', async (t) => {
  const config = await siteClient(stack.bffUrl, sites[0]!);
  const pending = await authorizationRequest(config, sites[0]!);
  const tokens = await redeem(config, pending, (await followPortal(browser, stack.bffUrl, pending.url)).url);
  t.equal(tokens.refresh_token, undefined);
});
