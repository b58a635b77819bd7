import t from 'tap';
import type { Page } from 'playwright-core';
import { createActiveMember, freePort, startStack } from '../helper.ts';
import { authorizationRequest, oidcClientsEnv, redeem, siteClient, startRelyingSites, type RelyingSite } from '../helpers/oidc-sites.ts';
import { mailedCode } from '../member-service/sign-in-fixtures.ts';
import { addPlatformAuthenticator, launchBrowser, newContext } from './browser.ts';
import { builtClientDir } from './client-build.ts';
import { exactLabel, textsOf } from './texts.ts';

/**
 * A company site's OpenID Connect sign-in in Chromium through the portal's other ways in: a code
 * sent by e-mail, and a passkey (Chromium's virtual authenticator). Each ends back at the site
 * with a code, and the ID token says how the member signed in (amr). Passkeys need a relying
 * party the browser accepts, so the portal is http://localhost:<port>.
 */
const text = textsOf('en');
const port = await freePort();
const portal = `http://localhost:${port}`;
const [shop] = (await startRelyingSites(t, [{ id: 'shop' }])) as [RelyingSite];
const stack = await startStack(t, {
  env: { PORT: String(port), PUBLIC_ORIGIN: portal, CLIENT_DIR: await builtClientDir(), ...oidcClientsEnv([shop]) },
});
const browser = await launchBrowser(t);

/** Starts the site's sign-in in the page; what the site needs to redeem the code. */
async function startAtShop(page: Page) {
  const config = await siteClient(portal, shop);
  const pending = await authorizationRequest(config, shop);
  await page.goto(pending.url.href);
  await page.waitForURL((url) => url.pathname === '/en/login');
  return async () => {
    // A member new to preferences chooses them first, as after any sign-in on the way to a site.
    await page.waitForURL((url) => url.href.startsWith(shop.redirectUri) || url.pathname === '/en/choosing-preferring');
    if (new URL(page.url()).pathname === '/en/choosing-preferring')
      await page.getByRole('button', { name: text('preferring.skip') }).click();
    await page.waitForURL((url) => url.href.startsWith(shop.redirectUri));
    return (await redeem(config, pending, new URL(page.url()))).claims()!;
  };
}

t.test('a code sent by e-mail', async (t) => {
  const member = await createActiveMember(stack);
  const page = await (await newContext(browser, portal)).newPage();
  page.setDefaultTimeout(15_000);
  const backAtShop = await startAtShop(page);
  await page.getByRole('button', { name: text('login.code.switch') }).click();
  await page.getByLabel(exactLabel(text('login.emailOrId'))).fill(member.email);
  await page.getByRole('button', { name: text('login.code.getCode') }).click();
  await page.getByLabel(exactLabel(text('login.code.label'))).fill(await mailedCode(stack.dataDir, member.email));
  await page.getByRole('button', { name: text('login.code.verify'), exact: true }).click();
  t.same((await backAtShop()).amr, ['otp'], 'back at the site, signed in by a code');
});

t.test('a passkey', async (t) => {
  const member = await createActiveMember(stack);
  const context = await newContext(browser, portal);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await addPlatformAuthenticator(page);
  // No passkey offer in the e-mail field's autofill: the member presses the passkey button.
  await page.addInitScript(() => {
    PublicKeyCredential.isConditionalMediationAvailable = async () => false;
  });

  await page.goto('/en/login');
  await page.getByLabel(exactLabel(text('login.emailOrId'))).fill(member.email);
  await page.getByLabel(exactLabel(text('login.password'))).fill(member.password);
  await page.getByRole('button', { name: text('login.submit'), exact: true }).click();
  await page.waitForURL('**/en/my-account');
  await page
    .locator('#passkeys')
    .getByRole('button', { name: text('account.passkeys.add') })
    .click();
  await page.locator('#passkeys').getByRole('listitem', { name: 'Passkey 1' }).waitFor();
  await page.getByRole('link', { name: text('common.signOut') }).click();
  await page.waitForURL('**/en/login');

  const backAtShop = await startAtShop(page);
  await page.getByRole('button', { name: text('login.passkey.button') }).click();
  t.same((await backAtShop()).amr, ['hwk'], 'back at the site, signed in with a passkey');
  await context.close();
});
