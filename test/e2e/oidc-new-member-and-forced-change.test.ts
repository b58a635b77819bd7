import t, { type Test } from 'tap';
import type { Page } from 'playwright-core';
import { freePort, TEST_PASSWORD } from '../helper.ts';
import { authorizationRequest, oidcClientsEnv, redeem, siteClient, startRelyingSites, type RelyingSite } from '../helpers/oidc-sites.ts';
import { findLink, waitForMail } from '../helpers/outbox.ts';
import { mailedCode } from '../member-service/sign-in-fixtures.ts';
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

/** Registers from the site's login screen. */
async function register(page: Page, email: string) {
  await page.getByRole('link', { name: text('login.signUp') }).click();
  await page.waitForURL((url) => url.pathname === '/en/register');
  await fillAccount(page, text, { firstName: 'Ada', lastName: 'Newcomer', email });
  await fillCompanyWithMobile(page, text, 'Engines Ltd');
  await consentWithoutNewsletter(page, text);
  await page.getByRole('button', { name: text('register.submit') }).click();
  await page.waitForURL((url) => url.pathname === '/en/verify-your-email-address');
}

/** Follows the activation link in `page`; its button names the site that waits and leads to login. */
async function activate(page: Page, email: string) {
  await page.goto(findLink(await waitForMail(stack.dataDir, email), '/auth/activate-member/')!);
  await page.getByRole('heading', { name: text('activation.activate.successTitle') }).waitFor();
  await page.locator('.activation-page').getByRole('button').click();
  await page.waitForURL((url) => url.pathname === '/en/login');
}

/** Registers from the site's login screen and follows the activation link in the same page. */
async function registerAndActivate(page: Page, email: string) {
  await register(page, email);
  await activate(page, email);
  await signInWithPassword(page, email);
}

/** The preferences screen comes before the site; the site has no code yet. */
async function preferencesAsked(t: Test, page: Page) {
  await page.waitForURL((url) => url.href.startsWith(shop.redirectUri) || url.pathname === '/en/choosing-preferring');
  t.equal(new URL(page.url()).pathname, '/en/choosing-preferring', 'the new member is asked for preferences first');
  await page
    .getByRole('group', { name: text('preferring.areas') })
    .getByRole('checkbox')
    .first()
    .waitFor();
}

t.test('a new member: register, activate, sign in, choose preferences, then the site', async (t) => {
  const { page, backAtShop } = await startAtShop();
  await registerAndActivate(page, 'ada.newcomer@example.com');
  await preferencesAsked(t, page);
  await page
    .getByRole('group', { name: text('preferring.products') })
    .getByRole('checkbox')
    .first()
    .check();
  await page
    .getByRole('group', { name: text('preferring.areas') })
    .getByRole('checkbox')
    .first()
    .check();
  await page.getByRole('button', { name: text('preferring.submit') }).click();
  const claims = await backAtShop();
  t.ok(claims.sub, 'back at the site, which signs the new member in with its code');
  t.same(claims.amr, ['pwd'], 'the ID token tells how the member signed in');
});

t.test('a new member who skips the preferences goes on to the site all the same', async (t) => {
  const { page, backAtShop } = await startAtShop();
  await registerAndActivate(page, 'charles.newcomer@example.com');
  await preferencesAsked(t, page);
  await page.getByRole('button', { name: text('preferring.skip') }).click();
  t.ok((await backAtShop()).sub, 'the site has the ID token');
});

t.test('a new member who activates in another browser chooses preferences there, then My account', async (t) => {
  const email = 'grace.elsewhere@example.com';
  const { page } = await startAtShop();
  await register(page, email);

  const other = await (await newContext(browser, portal)).newPage();
  other.setDefaultTimeout(15_000);
  await activate(other, email);
  // This browser did not choose the password: the member signs in by a code mailed to the address.
  await other.getByRole('button', { name: text('login.code.switch') }).click();
  await other.getByLabel(exactLabel(text('login.emailOrId'))).fill(email);
  await other.getByRole('button', { name: text('login.code.getCode') }).click();
  await other.getByLabel(exactLabel(text('login.code.label'))).fill(await mailedCode(stack.dataDir, email));
  await other.getByRole('button', { name: text('login.code.verify'), exact: true }).click();
  await preferencesAsked(t, other);
  await other
    .getByRole('group', { name: text('preferring.products') })
    .getByRole('checkbox')
    .first()
    .check();
  await other
    .getByRole('group', { name: text('preferring.areas') })
    .getByRole('checkbox')
    .first()
    .check();
  await other.getByRole('button', { name: text('preferring.submit') }).click();
  await other.waitForURL((url) => url.pathname === '/en/my-account');
  t.pass('then My account: the site waits in the browser that started its sign-in');
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
