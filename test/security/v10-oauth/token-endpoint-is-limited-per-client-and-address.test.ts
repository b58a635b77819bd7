import t from 'tap';
import { request } from 'node:http';
import { startStack } from '../../helper.ts';
import { oidcClientsEnv, SITE_SECRET, startRelyingSites } from '../../helpers/oidc-sites.ts';

/**
 * ASVS 5.0 V10.4 and V2.4: the token endpoint is limited per client and source address
 * (OIDC_TOKEN_RATE_LIMIT_PER_MINUTE): one client guessing codes from one address cannot go on,
 * and neither slows another client nor the same client elsewhere.
 */
const sites = await startRelyingSites(t, [{ id: 'shop' }, { id: 'docs' }]);
const stack = await startStack(t, { env: { ...oidcClientsEnv(sites), OIDC_TOKEN_RATE_LIMIT_PER_MINUTE: '3' } });

function tokenRequest(clientId: string, localAddress = '127.0.0.1'): Promise<number> {
  const body = new URLSearchParams({
    grant_type: 'authorization_code',
    code: 'guessed',
    redirect_uri: 'http://127.0.0.1/cb',
    code_verifier: 'v'.repeat(43),
  }).toString();
  const base = new URL(stack.bffUrl);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: base.hostname,
        port: base.port,
        path: '/oidc/token',
        method: 'POST',
        localAddress,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': Buffer.byteLength(body),
          authorization: `Basic ${Buffer.from(`${clientId}:${SITE_SECRET}`).toString('base64')}`,
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

t.test('over the limit: 429 for that client at that address only', async (t) => {
  const first = [await tokenRequest('shop'), await tokenRequest('shop'), await tokenRequest('shop')];
  t.same(first, [400, 400, 400], 'guesses are answered invalid_grant up to the limit');
  t.equal(await tokenRequest('shop'), 429, 'then refused');
  t.equal(await tokenRequest('docs'), 400, 'another client from the same address goes on');
  t.equal(await tokenRequest('shop', '127.0.0.2'), 400, 'the same client from another address goes on');
});
