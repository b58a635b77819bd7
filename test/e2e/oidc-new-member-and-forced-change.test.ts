import t from 'tap';
import type { Page } from 'playwright-core';
import { freePort, TEST_PASSWORD } from '../helper.ts';
import { authorizationRequest, oidcClientsEnv, redeem, siteClient, startRelyingSites, type RelyingSite } from '../helpers/oidc-sites.ts';
import { findLink, waitForMail } from '../helpers/outbox.ts';
import { startSignInStack } from '../bff/sign-in-fixtures.ts';
import { launchBrowser, newContext } from './browser.ts';
import { builtClientDir } from './client-build.ts';
import { consentWithoutNewsletter, fillAccount, fillCompanyWithMobile } from './register-form.ts';
import { exactLabel, textsOf } from './texts.ts';

/**
 * A company site's OpenID Connect sign-in in Chromium for a visitor who becomes a member on the
 * way (register from the login screen → activation link → sign in → preferences → the site), and
 * for a member who must change the password first (change-password → the site).
 */
const text = textsOf('en');
const port = await freePort();
const portal = `http://127.0.0.1:${port}`;
const [shop] = (await startRelyingSites(t, [{ id: 'shop' }])) as [RelyingSite];
const { stack, member } = await startSignInStack(t, {
  env: { PORT: String(port), PUBLIC_ORIGIN: portal, CLIENT_DIR: await builtClientDir(), ...oidcClientsEnv([shop]) },
});
const browser = await launchBrowser(t);

/** Starts the site's sign-in in a new page; the page and how the site finishes it. */
async function startAtShop() {
  const page = await (await newContext(browser, portal)).newPage();
  page.setDefaultTimeout(15_000);
  const config = await siteClient(portal, shop);
  const pending = await authorizationRequest(config, shop);
  await page.goto(pending.url.href);
  await page.waitForURL((url) => url.pathname === '/en/login');
  const backAtShop = async () => {
    await page.waitForURL((url) => url.href.startsWith(shop.redirectUri));
    return (await redeem(config, pending, new URL(page.url()))).claims()!;
  };
  return { page, backAtShop };
}

async function signInWithPassword(page: Page, email: string) {
  await page.getByLabel(exactLabel(text('login.emailOrId'))).fill(email);
  await page.getByLabel(exactLabel(text('login.password'))).fill(TEST_PASSWORD);
  await page.getByRole('button', { name: text('login.submit'), exact: true }).click();
}

t.test('a new member: register from the login screen, activate, then the site', async (t) => {
  const email = 'ada.newcomer@example.com';
  const { page, backAtShop } = await startAtShop();
  await page.getByRole('link', { name: text('login.signUp') }).click();
  await page.waitForURL((url) => url.pathname === '/en/register');
  await fillAccount(page, text, { firstName: 'Ada', lastName: 'Newcomer', email });
  await fillCompanyWithMobile(page, text, 'Engines Ltd');
  await consentWithoutNewsletter(page, text);
  await page.getByRole('button', { name: text('register.submit') }).click();
  await page.waitForURL((url) => url.pathname === '/en/verify-your-email-address');

  await page.goto(findLink(await waitForMail(stack.dataDir, email), '/auth/activate-member/')!);
  await page.getByRole('heading', { name: text('activation.activate.successTitle') }).waitFor();
  await page.locator('.activation-page').getByRole('button').click();
  // Activating in the browser that registered signs the member in; otherwise the login screen
  // asks first. Preferences come on the way where the sign-in asks for them.
  const atSite = (url: URL) => url.href.startsWith(shop.redirectUri);
  await page.waitForURL((url) => atSite(url) || url.pathname === '/en/login' || url.pathname === '/en/choosing-preferring');
  if (new URL(page.url()).pathname === '/en/login') {
    await signInWithPassword(page, email);
    await page.waitForURL((url) => atSite(url) || url.pathname === '/en/choosing-preferring');
  }
  if (new URL(page.url()).pathname === '/en/choosing-preferring') await page.getByRole('button', { name: text('preferring.skip') }).click();
  t.ok((await backAtShop()).sub, 'back at the site, which signs the new member in with its code');
});

t.test('a member who must change the password first', async (t) => {
  const ada = await member({ status: 2, password_changed_at: null, preferring: 0 });
  const { page, backAtShop } = await startAtShop();
  await signInWithPassword(page, ada.email);
  await page.waitForURL((url) => url.pathname === '/en/change-password');
  t.equal(page.url().startsWith(shop.redirectUri), false, 'no code before the change');
  const newPassword = 'Babbage1791x';
  await page.getByLabel(exactLabel(text('password.change.currentPassword'))).fill(TEST_PASSWORD);
  await page.getByLabel(exactLabel(text('password.change.newPassword'))).fill(newPassword);
  await page.getByLabel(exactLabel(text('password.change.confirmPassword'))).fill(newPassword);
  await page.getByRole('button', { name: text('password.change.submit') }).click();
  t.same((await backAtShop()).amr, ['pwd'], 'on to the site after the change');
});
