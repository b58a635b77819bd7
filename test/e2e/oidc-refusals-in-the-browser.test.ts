import t, { type Test } from 'tap';
import * as client from 'openid-client';
import type { Page } from 'playwright-core';
import { freePort, startStack } from '../helper.ts';
import {
  authorizationRequest,
  createReturningMember,
  oauthErrorOf,
  oidcClientsEnv,
  redeem,
  siteClient,
  startRelyingSites,
  type RelyingSite,
} from '../helpers/oidc-sites.ts';
import { launchBrowser, newContext } from './browser.ts';
import { builtClientDir } from './client-build.ts';
import { exactLabel, textsOf } from './texts.ts';

/**
 * What the portal refuses a company site's OpenID Connect requests, seen in Chromium with
 * openid-client as the site's library: prompt=none without a session, a code or a rotated
 * refresh token used twice, a request without S256 PKCE, and a redirect_uri that is not
 * registered. Each test starts the browser at the authorization endpoint, as a site does.
 */
const text = textsOf('en');
const port = await freePort();
const portal = `http://127.0.0.1:${port}`;
const [shop] = (await startRelyingSites(t, [{ id: 'shop' }])) as [RelyingSite];
const stack = await startStack(t, {
  env: { PORT: String(port), PUBLIC_ORIGIN: portal, CLIENT_DIR: await builtClientDir(), ...oidcClientsEnv([shop]) },
});
const browser = await launchBrowser(t);
const config = await siteClient(portal, shop);

/**
 * A page in a fresh context, with every address its main frame asked for, redirects included,
 * in order: a redirect the browser followed is seen here even when no page was drawn.
 */
async function freshPage(test: Test): Promise<{ page: Page; visited: URL[] }> {
  const context = await newContext(browser, portal);
  test.teardown(() => context.close());
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const visited: URL[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) visited.push(new URL(request.url()));
  });
  return { page, visited };
}

const atShop = (url: URL) => url.href.startsWith(shop.redirectUri);

/** A returning member signs in at the portal on the way to the shop; what the site needs to redeem its code. */
async function signInThroughShop(page: Page, scope: string) {
  const member = await createReturningMember(stack);
  const pending = await authorizationRequest(config, shop, { scope });
  await page.goto(pending.url.href);
  await page.waitForURL((url) => url.pathname === '/en/login');
  await page.getByLabel(exactLabel(text('login.emailOrId'))).fill(member.email);
  await page.getByLabel(exactLabel(text('login.password'))).fill(member.password);
  await page.getByRole('button', { name: text('login.submit'), exact: true }).click();
  await page.waitForURL(atShop);
  return { pending, callback: new URL(page.url()) };
}

t.test('prompt=none without a portal session answers login_required and draws no screen', async (t) => {
  const { page, visited } = await freshPage(t);
  const pending = await authorizationRequest(config, shop, { prompt: 'none' });
  await page.goto(pending.url.href);
  await page.waitForURL(atShop);
  const back = new URL(page.url());
  t.equal(back.searchParams.get('error'), 'login_required', 'the site hears login_required');
  t.equal(back.searchParams.get('state'), pending.state, 'with its own state');
  t.notOk(back.searchParams.has('code'), 'and no code');
  t.notOk(
    visited.some((url) => url.origin === portal && /^\/[a-z-]+\/login/.test(url.pathname)),
    'the portal never sent the browser to its login screen',
  );
  const shown = await page.locator('body').innerText();
  t.equal(shown.trim(), 'site shop', "the page shown is the site's own");
});

t.test('a code works once; a rotated refresh token works never again', async (t) => {
  const { page } = await freshPage(t);
  const first = await signInThroughShop(page, 'openid email');
  t.ok((await redeem(config, first.pending, first.callback)).claims()!.sub, 'the first redemption gives tokens');
  t.equal(await oauthErrorOf(redeem(config, first.pending, first.callback)), 'invalid_grant', 'a second redemption is refused');

  // Single sign-on: the same browser goes straight back with a new code, here for offline access.
  const pending = await authorizationRequest(config, shop, { scope: 'openid email offline_access' });
  await page.goto(pending.url.href);
  await page.waitForURL(atShop);
  const tokens = await redeem(config, pending, new URL(page.url()));
  const old = tokens.refresh_token!;
  t.ok(old, 'offline_access gives a refresh token');
  const rotated = await client.refreshTokenGrant(config, old);
  t.ok(rotated.refresh_token, 'a refresh gives a new refresh token');
  t.not(rotated.refresh_token, old, 'which is not the old one');
  t.equal(await oauthErrorOf(client.refreshTokenGrant(config, old)), 'invalid_grant', 'reusing the old one is refused');
});

t.test('without an S256 code challenge the browser never gets a code', async (t) => {
  const { page, visited } = await freshPage(t);
  // Signed in and known to the shop: a valid request would come straight back with a code.
  await signInThroughShop(page, 'openid');
  const valid = (await authorizationRequest(config, shop)).url;
  const missing = new URL(valid);
  missing.searchParams.delete('code_challenge');
  missing.searchParams.delete('code_challenge_method');
  const plain = new URL(valid);
  plain.searchParams.set('code_challenge', 'a'.repeat(43));
  plain.searchParams.set('code_challenge_method', 'plain');
  for (const [name, url] of [
    ['no code_challenge', missing],
    ['code_challenge_method=plain', plain],
  ] as const) {
    visited.length = 0;
    await page.goto(url.href);
    await page.waitForURL(atShop);
    const back = new URL(page.url());
    t.equal(back.searchParams.get('error'), 'invalid_request', `${name}: the site hears invalid_request`);
    t.notOk(back.searchParams.has('code'), `${name}: no code`);
    t.notOk(
      visited.some((seen) => seen.searchParams.has('code')),
      `${name}: no code anywhere on the way`,
    );
  }
  await page.goto(valid.href);
  await page.waitForURL(atShop);
  t.ok(new URL(page.url()).searchParams.get('code'), 'the same request with S256 comes back with a code');
});

t.test('an unregistered redirect_uri shows the portal error page and never leaves the portal', async (t) => {
  const { page, visited } = await freshPage(t);
  const es = textsOf('es-es');
  // The shop's own server, one path off: had the portal redirected, the browser would have landed.
  const elsewhere = `${shop.origin}/shop/elsewhere`;
  const pending = await authorizationRequest(config, shop, { redirect_uri: elsewhere, ui_locales: 'es' });
  const response = await page.goto(pending.url.href);
  t.equal(response?.status(), 400, 'answered 400');
  await t.resolves(page.getByRole('heading', { level: 1, name: es('oidc.error.title') }).waitFor(), 'its heading in Spanish');
  await t.resolves(page.getByText(es('oidc.error.text')).waitFor(), 'and what to do');
  t.equal(await page.locator('html').getAttribute('lang'), 'es-es', 'in the language the site asked for');
  t.equal(new URL(page.url()).origin, portal, 'still at the portal');
  t.ok(visited.length > 0, 'the request was seen');
  t.ok(
    visited.every((url) => url.origin === portal),
    'no request, redirect included, left the portal origin',
  );
});
