import t from 'tap';
import { createActiveMember, signIn, startStack } from '../../helper.ts';
import { authorizationRequest, followPortal, oidcClientsEnv, siteClient, startRelyingSites } from '../../helpers/oidc-sites.ts';

/**
 * ASVS 5.0 V10.2: every client, confidential or public, must use PKCE with S256. A request
 * without a challenge, or with `plain`, never gets a code: the site hears invalid_request.
 */
const sites = await startRelyingSites(t, [{ id: 'confidential' }, { id: 'public', public: true }]);
const stack = await startStack(t, { env: oidcClientsEnv(sites) });
const browser = await signIn(stack, await createActiveMember(stack));

for (const site of sites) {
  t.test(`${site.id} client`, async (t) => {
    const config = await siteClient(stack.bffUrl, site);
    const valid = await authorizationRequest(config, site);

    const missing = new URL(valid.url);
    missing.searchParams.delete('code_challenge');
    missing.searchParams.delete('code_challenge_method');
    const noChallenge = await followPortal(browser, stack.bffUrl, missing);
    t.equal(noChallenge.url.searchParams.get('error'), 'invalid_request', 'no challenge: refused');
    t.notOk(noChallenge.url.searchParams.has('code'), 'and no code');

    const plain = new URL(valid.url);
    plain.searchParams.set('code_challenge', 'a'.repeat(43));
    plain.searchParams.set('code_challenge_method', 'plain');
    const plainAnswer = await followPortal(browser, stack.bffUrl, plain);
    t.equal(plainAnswer.url.searchParams.get('error'), 'invalid_request', 'plain: refused');
    t.notOk(plainAnswer.url.searchParams.has('code'), 'and no code');

    const ok = await followPortal(browser, stack.bffUrl, valid.url);
    t.ok(ok.url.searchParams.get('code'), 'with S256 the same browser gets a code');
  });
}

t.test('a code redeemed with the wrong verifier gives nothing', async (t) => {
  const site = sites[0]!;
  const config = await siteClient(stack.bffUrl, site);
  const pending = await authorizationRequest(config, site);
  const back = await followPortal(browser, stack.bffUrl, pending.url);
  const response = await fetch(new URL('/oidc/token', stack.bffUrl), {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${site.id}:${String(site.metadata.client_secret)}`).toString('base64')}`,
    },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: back.url.searchParams.get('code')!,
      redirect_uri: site.redirectUri,
      code_verifier: 'x'.repeat(43),
    }),
  });
  t.equal(response.status, 400);
  t.equal(((await response.json()) as { error: string }).error, 'invalid_grant');
});
