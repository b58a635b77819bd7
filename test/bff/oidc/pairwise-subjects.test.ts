import t, { type Test } from 'tap';
import * as client from 'openid-client';
import { loadOidcConfig } from '../../../server/bff/oidc/oidc-config.ts';
import { createActiveMember, signIn, startStack, type TestClient } from '../../helper.ts';
import {
  authorizationRequest,
  followPortal,
  oidcClientsEnv,
  redeem,
  siteClient,
  startRelyingSites,
  verifyLogoutToken,
  type RelyingSite,
} from '../../helpers/oidc-sites.ts';

/**
 * OIDC_PAIRWISE_SALT gives every site its own `sub` for a member: stable at that site, in the ID
 * token, UserInfo and the back-channel logout token alike, and unlike any other site's. Without
 * the salt every site gets the member's public id (code-flow.test.ts: one subject at both sites).
 */
const SALT = 'pairwise-salt-0123456789abcdef0123456789';
const sites = await startRelyingSites(t, [{ id: 'shop' }, { id: 'docs', public: true }]);
const [shop, docs] = sites as [RelyingSite, RelyingSite];
const stack = await startStack(t, { env: { ...oidcClientsEnv(sites), OIDC_PAIRWISE_SALT: SALT } });
const portal = stack.bffUrl;

/** The member's sub at the site, from the ID token, checked against UserInfo's. */
async function subjectAt(t: Test, browser: TestClient, site: RelyingSite): Promise<string> {
  const config = await siteClient(portal, site);
  const pending = await authorizationRequest(config, site);
  const tokens = await redeem(config, pending, (await followPortal(browser, portal, pending.url)).url);
  const sub = tokens.claims()!.sub;
  t.equal((await client.fetchUserInfo(config, tokens.access_token, sub)).sub, sub, `${site.id}: UserInfo names the same sub`);
  return sub;
}

t.test('two sites get different subs for one member, each stable', async (t) => {
  const member = await createActiveMember(stack);
  const laptop = await signIn(stack, member);
  const atShop = await subjectAt(t, laptop, shop);
  const atDocs = await subjectAt(t, laptop, docs);
  t.not(atShop, atDocs, 'the sites cannot match the member by sub');
  t.notOk([atShop, atDocs].includes(member.email), 'never the e-mail');

  const phone = await signIn(stack, member);
  t.equal(await subjectAt(t, phone, shop), atShop, 'the same sub at the same site, from another browser');
  t.equal(await subjectAt(t, phone, docs), atDocs);

  const other = await signIn(stack, await createActiveMember(stack));
  t.not(await subjectAt(t, other, shop), atShop, 'another member, another sub');

  const told = [shop.nextLogoutToken(), docs.nextLogoutToken()];
  t.equal((await laptop.get('/api/Member/Logout')).body.code, 'ok');
  t.equal((await verifyLogoutToken(portal, shop, await told[0]!)).sub, atShop, 'the logout token names the site its own sub');
  t.equal((await verifyLogoutToken(portal, docs, await told[1]!)).sub, atDocs);
});

t.test('discovery offers pairwise subjects', async (t) => {
  t.same((await siteClient(portal, shop)).serverMetadata().subject_types_supported, ['pairwise']);
});

t.test('a short salt, or a site whose redirect URIs span hosts, stops the start', async (t) => {
  const entry = { client_id: 'wide', client_secret: 'x'.repeat(32), redirect_uris: ['https://a.example/cb'] };
  const env = (salt: string, redirects = entry.redirect_uris) => ({
    OIDC_CLIENTS: JSON.stringify([{ ...entry, redirect_uris: redirects }]),
    OIDC_PAIRWISE_SALT: salt,
    OIDC_JWKS: JSON.stringify({ keys: stack.bffConfig.oidc!.signingKeys }),
  });
  t.throws(() => loadOidcConfig(env('short'), stack.dataDir), /OIDC_PAIRWISE_SALT: must be at least 32 characters/);
  t.throws(
    () => loadOidcConfig(env(SALT, ['https://a.example/cb', 'https://b.example/cb']), stack.dataDir),
    /entry 1 \("wide"\): redirect_uris must all be on one host/,
  );
  t.equal(loadOidcConfig(env(SALT), stack.dataDir)?.pairwiseSalt, SALT);
  t.equal(loadOidcConfig({ ...env(SALT), OIDC_PAIRWISE_SALT: '' }, stack.dataDir)?.pairwiseSalt, undefined, 'empty: public subs');
});
