import t from 'tap';
import * as client from 'openid-client';
import { createActiveMember, freePort, startStack } from '../helper.ts';
import { authorizationRequest, oauthErrorOf, oidcClientsEnv, redeem, siteClient, startRelyingSites } from '../helpers/oidc-sites.ts';
import { violationsOn } from './axe.ts';
import { launchBrowser } from './browser.ts';
import { builtClientDir } from './client-build.ts';
import { exactLabel, textsOf } from './texts.ts';

/**
 * A third-party site in Chromium, with openid-client as its library: the member signs in at the
 * portal, reads on the consent screen what the site will receive (in Spanish, as the site asked),
 * allows it and is back at the site signed in (both screens checked by axe-core); later, in My account, Connected sites lists the
 * site and Remove takes its access back, so the site's refresh fails.
 */
const port = await freePort();
const portal = `http://127.0.0.1:${port}`;
const [partner] = await startRelyingSites(t, [{ id: 'partner', firstParty: false }]);
const stack = await startStack(t, {
  env: { PORT: String(port), PUBLIC_ORIGIN: portal, CLIENT_DIR: await builtClientDir(), ...oidcClientsEnv([partner!]) },
});
const browser = await launchBrowser(t);

t.test('consent with Allow, then Remove in Connected sites', async (t) => {
  const member = await createActiveMember(stack);
  // bypassCSP lets axe-core into the page.
  const page = await (await browser.newContext({ baseURL: portal, locale: 'es-ES', bypassCSP: true })).newPage();
  page.setDefaultTimeout(15_000);
  const text = textsOf('es-es');

  const config = await siteClient(portal, partner!);
  const pending = await authorizationRequest(config, partner!, {
    scope: 'openid email profile offline_access',
    prompt: 'consent',
    ui_locales: 'es',
  });
  await page.goto(pending.url.href);
  await page.waitForURL((url) => url.pathname === '/es-es/login');
  await page.getByLabel(exactLabel(text('login.emailOrId'))).fill(member.email);
  await page.getByLabel(exactLabel(text('login.password'))).fill(member.password);
  await page.getByRole('button', { name: text('login.submit'), exact: true }).click();

  await page.waitForURL((url) => url.pathname.startsWith('/es-es/site-consent/'));
  await page.getByRole('heading', { level: 1, name: text('oidc.consent.title', { site: 'partner' }) }).waitFor();
  const items = page.getByRole('list', { name: text('oidc.consent.itemsLabel', { site: 'partner' }) }).getByRole('listitem');
  t.same(await items.allTextContents(), [text('oidc.items.email'), text('oidc.items.profile'), text('oidc.items.offline_access')]);
  t.equal(page.url().startsWith(partner!.redirectUri), false, 'nothing goes to the site before the member answers');
  t.same(await violationsOn(page), [], 'the consent screen: no WCAG 2.1 A or AA violation');
  await page.getByRole('button', { name: text('oidc.consent.allow'), exact: true }).click();
  await page.waitForURL((url) => url.href.startsWith(partner!.redirectUri));
  const tokens = await redeem(config, pending, new URL(page.url()));
  t.ok(tokens.refresh_token, 'allowed to stay signed in');

  await page.goto(`${portal}/es-es/my-account#connected-sites`);
  const section = page.locator('#connected-sites');
  await section.getByText('partner', { exact: true }).waitFor();
  t.same(await violationsOn(page), [], 'My account with Connected sites: no WCAG 2.1 A or AA violation');
  await section.getByRole('button', { name: text('oidc.connectedSites.removeSite', { site: 'partner' }) }).click();
  await section.getByText(text('oidc.connectedSites.none')).waitFor();
  t.pass('Remove empties the list');
  t.equal(await oauthErrorOf(client.refreshTokenGrant(config, tokens.refresh_token!)), 'invalid_grant', 'the site cannot refresh any more');
});
