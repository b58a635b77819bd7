import t from 'tap';
import { Writable } from 'node:stream';
import * as client from 'openid-client';
import { createActiveMember, signIn, startStack } from '../../helper.ts';
import {
  authorizationRequest,
  followPortal,
  oidcClientsEnv,
  redeem,
  SITE_SECRET,
  siteClient,
  startRelyingSites,
} from '../../helpers/oidc-sites.ts';

/**
 * ASVS 5.0 V16.2 for OAuth: authorization codes, verifiers, access, refresh and ID tokens,
 * client secrets, logout tokens and interaction ids never appear in the portal's log, even at
 * debug level, whichever request carried them.
 */
const lines: string[] = [];
const stream = new Writable({
  write(chunk, _encoding, done) {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    done();
  },
});
const [shop, docs] = await startRelyingSites(t, [{ id: 'shop' }, { id: 'docs' }]);
const stack = await startStack(t, { env: oidcClientsEnv([shop!, docs!]), logger: { level: 'debug', stream } });

t.test('a whole flow leaves no secret in the log', async (t) => {
  const browser = await signIn(stack, await createActiveMember(stack));
  const config = await siteClient(stack.bffUrl, shop!);
  const pending = await authorizationRequest(config, shop!, { scope: 'openid email offline_access' });
  const interaction = await browser.get(pending.url.pathname + pending.url.search, { headers: { accept: 'text/html' } });
  const interactionPath = new URL(interaction.headers.get('location')!, stack.bffUrl).pathname;
  const back = await followPortal(browser, stack.bffUrl, pending.url);
  const code = back.url.searchParams.get('code')!;
  const tokens = await redeem(config, pending, back.url);
  const refreshed = await client.refreshTokenGrant(config, tokens.refresh_token!);
  await client.fetchUserInfo(config, refreshed.access_token, tokens.claims()!.sub);
  const docsConfig = await siteClient(stack.bffUrl, docs!);
  const docsPending = await authorizationRequest(docsConfig, docs!);
  await redeem(docsConfig, docsPending, (await followPortal(browser, stack.bffUrl, docsPending.url)).url);
  const logoutToken = docs!.nextLogoutToken();
  const end = client.buildEndSessionUrl(config, { id_token_hint: tokens.id_token! });
  await browser.get(end.pathname + end.search, { headers: { accept: 'text/html' } });
  await browser.get('/api/Member/Logout');
  const delivered = await logoutToken;

  const log = lines.join('\n');
  t.ok(log.includes('/oidc/token'), 'the token requests are logged');
  const secrets: Record<string, string> = {
    code,
    'code verifier': pending.verifier,
    'access token': tokens.access_token,
    'refreshed access token': refreshed.access_token,
    'refresh token': tokens.refresh_token!,
    'rotated refresh token': refreshed.refresh_token!,
    'ID token': tokens.id_token!,
    'client secret': SITE_SECRET,
    'logout token': delivered,
    'interaction id': interactionPath.split('/').pop()!,
  };
  for (const [name, value] of Object.entries(secrets)) t.notOk(log.includes(value), `no ${name}`);
});
