import t from 'tap';
import { createActiveMember, signIn, startStack } from '../../helper.ts';
import { authorizationRequest, followPortal, oidcClientsEnv, redeem, siteClient, startRelyingSites } from '../../helpers/oidc-sites.ts';

/**
 * ASVS 5.0 V10.1 and V10.6: no implicit or hybrid flow (no token in a front channel), no
 * `none` algorithm, and tokens signed by the portal's published keys.
 */
const [site] = await startRelyingSites(t, [{ id: 'shop' }]);
const stack = await startStack(t, { env: oidcClientsEnv([site!]) });
const browser = await signIn(stack, await createActiveMember(stack));
const config = await siteClient(stack.bffUrl, site!);

for (const responseType of ['token', 'id_token', 'id_token token', 'code id_token', 'code token', 'none']) {
  t.test(`response_type=${responseType} is refused`, async (t) => {
    const pending = await authorizationRequest(config, site!, { response_type: responseType });
    const back = await followPortal(browser, stack.bffUrl, pending.url);
    // A front-channel response type answers in the fragment, as the specification says.
    const answer = new URLSearchParams(back.url.hash.slice(1) || back.url.search);
    t.notOk(answer.has('code') || answer.has('access_token') || answer.has('id_token'), 'nothing issued');
    const error = back.status === 400 ? 'shown' : answer.get('error');
    t.ok(error === 'shown' || error === 'unsupported_response_type' || error === 'invalid_request', `refused (${error})`);
  });
}

t.test('discovery and keys offer no none algorithm and no symmetric key', async (t) => {
  const meta = config.serverMetadata();
  for (const list of [meta.id_token_signing_alg_values_supported, meta.userinfo_signing_alg_values_supported]) {
    t.notOk((list ?? []).includes('none'));
  }
  t.same(meta.grant_types_supported?.sort(), ['authorization_code', 'refresh_token']);
  const jwks = (await (await fetch(new URL('/oidc/jwks', stack.bffUrl))).json()) as { keys: Array<Record<string, unknown>> };
  t.same(jwks.keys.map((key) => key.kty).sort(), ['EC', 'RSA']);
  t.notOk(
    jwks.keys.some((key) => 'd' in key || key.kty === 'oct'),
    'only public halves',
  );
});

t.test('the ID token is signed with RS256 by a published key', async (t) => {
  const pending = await authorizationRequest(config, site!);
  const tokens = await redeem(config, pending, (await followPortal(browser, stack.bffUrl, pending.url)).url);
  const header = JSON.parse(Buffer.from(tokens.id_token!.split('.')[0]!, 'base64url').toString()) as { alg: string; kid: string };
  t.equal(header.alg, 'RS256');
  const jwks = (await (await fetch(new URL('/oidc/jwks', stack.bffUrl))).json()) as { keys: Array<{ kid: string }> };
  t.ok(jwks.keys.some((key) => key.kid === header.kid));
});
