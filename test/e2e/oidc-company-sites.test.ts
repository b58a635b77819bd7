import t from 'tap';
import * as client from 'openid-client';
import { freePort, startStack } from '../helper.ts';
import {
  authorizationRequest,
  oidcClientsEnv,
  redeem,
  siteClient,
  startRelyingSites,
  verifyLogoutToken,
  createReturningMember,
} from '../helpers/oidc-sites.ts';
import { launchBrowser, newContext } from './browser.ts';
import { builtClientDir } from './client-build.ts';
import { exactLabel, textsOf } from './texts.ts';

/**
 * Two company sites sign a returning member in through the portal by OpenID Connect, with
 * openid-client as their library, in Chromium: the portal's login screen in the language the
 * site asked for, straight back to the site with a code; single sign-on to the second site
 * without signing in again; RP-initiated logout at the first, which the second hears of by a
 * verified back-channel logout token.
 */
const port = await freePort();
const portal = `http://127.0.0.1:${port}`;
const [shop, docs] = await startRelyingSites(t, [{ id: 'shop' }, { id: 'docs', public: true }]);
const stack = await startStack(t, {
  env: { PORT: String(port), PUBLIC_ORIGIN: portal, CLIENT_DIR: await builtClientDir(), ...oidcClientsEnv([shop!, docs!]) },
});
const browser = await launchBrowser(t);

t.test('returning member, single sign-on, RP-initiated logout with back-channel', async (t) => {
  const member = await createReturningMember(stack);
  const page = await (await newContext(browser, portal)).newPage();
  page.setDefaultTimeout(15_000);
  const text = textsOf('ja-jp');

  const shopConfig = await siteClient(portal, shop!);
  const atShop = await authorizationRequest(shopConfig, shop!, { ui_locales: 'ja' });
  await page.goto(atShop.url.href);
  await page.waitForURL((url) => url.pathname === '/ja-jp/login');
  await page.getByLabel(exactLabel(text('login.emailOrId'))).fill(member.email);
  await page.getByLabel(exactLabel(text('login.password'))).fill(member.password);
  await page.getByRole('button', { name: text('login.submit'), exact: true }).click();
  await page.waitForURL((url) => url.href.startsWith(shop!.redirectUri));
  const shopTokens = await redeem(shopConfig, atShop, new URL(page.url()));
  t.same(shopTokens.claims()!.amr, ['pwd'], 'signed in with the password at the portal');

  const docsConfig = await siteClient(portal, docs!);
  const atDocs = await authorizationRequest(docsConfig, docs!);
  await page.goto(atDocs.url.href);
  await page.waitForURL((url) => url.href.startsWith(docs!.redirectUri));
  const docsTokens = await redeem(docsConfig, atDocs, new URL(page.url()));
  t.equal(docsTokens.claims()!.sub, shopTokens.claims()!.sub, 'the second site without signing in again');

  const heard = docs!.nextLogoutToken();
  await page.goto(
    client.buildEndSessionUrl(shopConfig, { id_token_hint: shopTokens.id_token!, post_logout_redirect_uri: shop!.postLogoutUri }).href,
  );
  await page.waitForURL((url) => url.href.startsWith(shop!.postLogoutUri));
  const logout = await verifyLogoutToken(portal, docs!, await heard);
  t.equal(logout.sid, docsTokens.claims()!.sid, 'the other site heard of it');

  await page.goto(`${portal}/en/my-account`);
  await page.waitForURL((url) => url.pathname === '/en/login');
  t.pass('the portal session ended too');
});
