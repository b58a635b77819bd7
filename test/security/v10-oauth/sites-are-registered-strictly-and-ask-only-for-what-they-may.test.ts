import t from 'tap';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadBffConfig } from '../../../server/bff/config.ts';

/**
 * ASVS 5.0 V10.4 and V13.3: a site's configuration that would weaken the flow stops the start
 * with a message naming the entry and the field: short secrets, http outside loopback, a
 * public client with a secret, unknown fields, keys without a private half or with `none`.
 */
const dir = await mkdtemp(join(tmpdir(), 'oidc-config-'));
t.teardown(() => rm(dir, { recursive: true, force: true }));
const SECRET = 's'.repeat(32);
const good = { client_id: 'shop', client_secret: SECRET, redirect_uris: ['https://shop.example.com/cb'] };
const load = (env: Record<string, string>) => loadBffConfig({ DATA_DIR: dir, ...env });
const clients = (...entries: unknown[]) => ({ OIDC_CLIENTS: JSON.stringify(entries) });

const refusals: Array<[string, Record<string, string>, RegExp]> = [
  ['a short secret', clients({ ...good, client_secret: 'short' }), /OIDC_CLIENTS: entry 1 \("shop"\): client_secret must be at least 32/],
  [
    'no secret and no public marker',
    clients({ client_id: 'shop', redirect_uris: good.redirect_uris }),
    /entry 1 \("shop"\): client_secret is missing/,
  ],
  [
    'a public client with a secret',
    clients({ ...good, token_endpoint_auth_method: 'none' }),
    /entry 1 \("shop"\): client_secret must be absent/,
  ],
  [
    'http on a real host',
    clients({ ...good, redirect_uris: ['http://shop.example.com/cb'] }),
    /entry 1 \("shop"\): redirect_uris\[0\] .* must be https/,
  ],
  ['a fragment', clients({ ...good, redirect_uris: ['https://shop.example.com/cb#x'] }), /redirect_uris\[0\] .* fragment/],
  ['no redirect URI', clients({ ...good, redirect_uris: [] }), /redirect_uris must be a non-empty array/],
  [
    'a bad back-channel URI',
    clients({ ...good, backchannel_logout_uri: 'http://intranet.example/bc' }),
    /entry 1 \("shop"\): backchannel_logout_uri .* must be https/,
  ],
  ['an unknown field', clients({ ...good, redirect_uri: 'x' }), /entry 1 \("shop"\): redirect_uri is not a known field/],
  ['first_party not a boolean', clients({ ...good, first_party: 'yes' }), /first_party must be true or false/],
  ['a duplicate client', clients(good, good), /entry 2 \("shop"\): client_id is used by an earlier entry/],
  ['not JSON', { OIDC_CLIENTS: '[{' }, /Invalid OIDC_CLIENTS: not JSON/],
  [
    'keys with a none algorithm',
    { ...clients(good), OIDC_JWKS: JSON.stringify({ keys: [{ kty: 'RSA', alg: 'none', kid: 'k', d: 'x' }] }) },
    /OIDC_JWKS: key 1: alg must be RS256/,
  ],
  [
    'a symmetric key',
    { ...clients(good), OIDC_JWKS: JSON.stringify({ keys: [{ kty: 'oct', k: 'abc', kid: 'k' }] }) },
    /OIDC_JWKS: key 1: alg must be/,
  ],
  [
    'a public key only',
    { ...clients(good), OIDC_JWKS: JSON.stringify({ keys: [{ kty: 'RSA', kid: 'k', n: 'x', e: 'AQAB' }] }) },
    /key 1: a private key is needed/,
  ],
];

for (const [name, env, message] of refusals) {
  t.test(name, async (t) => {
    t.throws(() => load(env), message);
  });
}

t.test('the second entry is named by its position and id', async (t) => {
  t.throws(() => load(clients(good, { ...good, client_id: 'docs', client_secret: 'x' })), /entry 2 \("docs"\): client_secret/);
});

t.test('OIDC_CLIENTS_FILE holds the same JSON', async (t) => {
  const file = join(dir, 'clients.json');
  await writeFile(file, JSON.stringify([{ ...good, post_logout_redirect_uris: ['http://localhost:8080/'] }]));
  const config = load({ OIDC_CLIENTS_FILE: file });
  t.equal(config.oidc?.clients[0]?.client_id, 'shop');
  t.same(config.oidc?.clients[0]?.post_logout_redirect_uris, ['http://localhost:8080/'], 'http on loopback is allowed (development)');
  t.throws(() => load({ OIDC_CLIENTS_FILE: file, ...clients(good) }), /not both/);
});

t.test('without clients there is no provider and no key is made', async (t) => {
  t.equal(load({}).oidc, undefined);
});

t.test('generated keys are kept in DATA_DIR/secrets and reused', async (t) => {
  const first = load(clients(good)).oidc!.signingKeys;
  const second = load(clients(good)).oidc!.signingKeys;
  t.same(
    first.map((key) => key.alg),
    ['RS256', 'ES256'],
  );
  t.same(
    second.map((key) => key.kid),
    first.map((key) => key.kid),
  );
});
