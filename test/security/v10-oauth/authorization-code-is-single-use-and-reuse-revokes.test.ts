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
 * ASVS 5.0 V10.4: an authorization code works once. Redeeming it a second time fails, and
 * ends what the first redemption issued (a leaked code is worth nothing to either party).
 */
const [site] = await startRelyingSites(t, [{ id: 'shop' }]);
const stack = await startStack(t, { env: oidcClientsEnv([site!]) });
const browser = await signIn(stack, await createActiveMember(stack));
const config = await siteClient(stack.bffUrl, site!);

t.test('a second redemption is refused and revokes the first one', async (t) => {
  const pending = await authorizationRequest(config, site!, { scope: 'openid email offline_access' });
  const back = await followPortal(browser, stack.bffUrl, pending.url);
  const first = await redeem(config, pending, back.url);
  const sub = first.claims()!.sub;
  t.ok(await client.fetchUserInfo(config, first.access_token, sub), 'the first access token works');

  t.equal(await oauthErrorOf(redeem(config, pending, back.url)), 'invalid_grant', 'the second redemption fails');
  t.not(await oauthErrorOf(client.fetchUserInfo(config, first.access_token, sub)), 'none', 'the first access token is revoked');
  t.equal(await oauthErrorOf(client.refreshTokenGrant(config, first.refresh_token!)), 'invalid_grant', 'and so is its refresh token');
});

t.test('a code is bound to its client', async (t) => {
  const pending = await authorizationRequest(config, site!);
  const back = await followPortal(browser, stack.bffUrl, pending.url);
  const response = await fetch(new URL('/oidc/token', stack.bffUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: back.url.searchParams.get('code')!,
      redirect_uri: site!.redirectUri,
      code_verifier: pending.verifier,
      client_id: 'shop',
    }),
  });
  t.equal(response.status, 401, 'a confidential client must authenticate');
  t.equal(((await response.json()) as { error: string }).error, 'invalid_client');
});
