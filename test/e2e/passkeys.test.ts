import t from 'tap';
import type { BrowserContext, Page } from 'playwright-core';
import { createActiveMember, freePort, startStack, TEST_PASSWORD } from '../helper.ts';
import { startCompanySite } from '../helpers/company-site.ts';
import { addPlatformAuthenticator, launchBrowser, newContext } from './browser.ts';
import { builtClientDir } from './client-build.ts';
import { exactLabel, textsOf } from './texts.ts';
import { requestsQuiet } from './requests-quiet.ts';

/**
 * Passkeys in the browser with Chromium's virtual authenticator (a platform authenticator that
 * verifies the user): added in My account, renamed, used after signing out to reach a company
 * site with a ticket, removed, and refused once removed. Browsers refuse an IP address as
 * relying-party id, so this portal's public origin is http://localhost:<port>.
 */
const SITE_KEY = 'company-site-key-0123456789abcdef0123456789';
const text = textsOf('en');
const port = await freePort();
const portal = `http://localhost:${port}`;
const site = await startCompanySite(t, { portal: () => portal, siteKey: SITE_KEY });
const stack = await startStack(t, {
  env: {
    PORT: String(port),
    PUBLIC_ORIGIN: portal,
    CLIENT_DIR: await builtClientDir(),
    ALLOWED_CALLBACK_HOSTS: site.allowListEntry,
    SSO_SITE_KEYS: SITE_KEY,
  },
});
const browser = await launchBrowser(t);

/** A page whose browser holds a virtual platform authenticator (resident keys, user verification). */
async function pageWithAuthenticator(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await addPlatformAuthenticator(page);
  // A browser without conditional UI (passkeys in the autofill) while the test's flag is set.
  await page.addInitScript(() => {
    if (localStorage.getItem('test:noConditionalUi') === '1') PublicKeyCredential.isConditionalMediationAvailable = async () => false;
  });
  return page;
}

const withoutConditionalUi = (page: Page, off: boolean) =>
  page.evaluate((flag) => localStorage.setItem('test:noConditionalUi', flag ? '1' : '0'), off);

t.test('reached by IP address (which browsers refuse as relying party), the login page offers no passkey', async (t) => {
  const context = await newContext(browser, `http://127.0.0.1:${port}`);
  const page = await context.newPage();
  await page.goto('/en/login');
  await page.getByRole('button', { name: text('login.submit'), exact: true }).waitFor();
  // The button would come once the screen is hydrated: looked for when the page has settled.
  await requestsQuiet(page);
  t.equal(await page.getByRole('button', { name: text('login.passkey.button') }).count(), 0);
  await context.close();
});

t.test('a passkey offer answered after the password sign-in leaves the member signed in', async (t) => {
  // The login page asks for a challenge for the autofill offer as it opens; that reply stores the
  // challenge in the visitor's session and sets its cookie. Sent before the sign-in (so without
  // the member's cookie) and answered after it, as on a slow network or a portal loading its
  // WebAuthn library, it must not put the visitor's cookie back in place of the member's.
  const member = await createActiveMember(stack);
  const context = await newContext(browser, portal);
  const page = await pageWithAuthenticator(context);
  let offerAsked!: () => void;
  const asked = new Promise<void>((resolve) => (offerAsked = resolve));
  let answerOffer!: () => void;
  const answerable = new Promise<void>((resolve) => (answerOffer = resolve));
  const offerCalledOff = page.waitForEvent('requestfailed', (request) => request.url().endsWith('/api/Member/Passkey/LoginOptions'));
  await page.route(
    '**/api/Member/Passkey/LoginOptions',
    async (route) => {
      offerAsked();
      await answerable;
      // What the portal answers a request that came without the member's cookie.
      const { cookie: _, ...headers } = await route.request().allHeaders();
      const answer = await fetch(route.request().url(), { method: 'POST', headers, body: route.request().postData() ?? '{}' });
      const reply = { status: answer.status, headers: Object.fromEntries(answer.headers), body: await answer.text() };
      await route.fulfill(reply).catch(() => undefined);
    },
    { times: 1 },
  );

  await page.goto('/en/login');
  await asked;
  await page.getByLabel(exactLabel(text('login.emailOrId'))).fill(member.email);
  await page.getByLabel(exactLabel(text('login.password'))).fill(TEST_PASSWORD);
  await page.getByRole('button', { name: text('login.submit'), exact: true }).click();
  await page.waitForURL('**/en/my-account');
  t.equal((await offerCalledOff).failure()?.errorText, 'net::ERR_ABORTED', 'the sign-in called the offer off');
  answerOffer();

  await page.reload();
  await page.getByRole('heading', { name: text('account.profile.title') }).waitFor();
  t.equal(new URL(page.url()).pathname, '/en/my-account', 'still signed in');
  t.equal(await page.locator('.modal-backdrop').count(), 0, 'no "signed out" dialog');
  await context.close();
});

t.test('add a passkey, sign out, sign in with it for a company site, remove it', async (t) => {
  const member = await createActiveMember(stack);
  const context = await newContext(browser, portal);
  const page = await pageWithAuthenticator(context);

  await page.goto('/en/login');
  t.equal(
    await page.getByLabel(exactLabel(text('login.emailOrId'))).getAttribute('autocomplete'),
    'username webauthn',
    'the e-mail field offers passkeys in its autofill',
  );
  await page.getByLabel(exactLabel(text('login.emailOrId'))).fill(member.email);
  await page.getByLabel(exactLabel(text('login.password'))).fill(TEST_PASSWORD);
  await page.getByRole('button', { name: text('login.submit'), exact: true }).click();
  await page.waitForURL('**/en/my-account');

  await page
    .getByRole('navigation', { name: text('account.menu') })
    .getByRole('link', { name: text('account.passkeys.title') })
    .click();
  const section = page.locator('#passkeys');
  await section.getByRole('button', { name: text('account.passkeys.add') }).click();
  const item = section.getByRole('listitem', { name: 'Passkey 1' });
  await item.waitFor();
  t.pass('the new passkey is listed');

  await item.getByRole('button', { name: text('account.passkeys.rename') }).click();
  await section.getByLabel(text('account.passkeys.name')).fill('Work laptop');
  await section.getByRole('button', { name: text('account.passkeys.save') }).click();
  await section.getByRole('listitem', { name: 'Work laptop' }).waitFor();
  t.pass('renamed');

  await withoutConditionalUi(page, true);
  await page.getByRole('link', { name: text('common.signOut') }).click();
  await page.waitForURL('**/en/login');

  await page.goto(site.callbackUrl({ from: 'passkey' }));
  await page.getByRole('link', { name: 'Sign in with your member account' }).click();
  await page.waitForURL((url) => url.pathname === '/en/login');
  await page.getByRole('button', { name: text('login.passkey.button') }).click();
  // A new member chooses preferences first, as after any sign-in on the way to a site.
  await page.waitForURL((url) => url.pathname === '/en/choosing-preferring');
  await page.getByRole('button', { name: text('preferring.skip') }).click();
  await page.getByRole('heading', { name: `Signed in as ${member.email}` }).waitFor();
  const last = site.redemptions.at(-1)!;
  t.equal(last.reply.code, 'ok', 'the site redeemed the ticket');
  t.equal(last.reply.data?.userId, member.email, 'for this member');
  t.match(last.query, { from: 'passkey', id: /^[A-Za-z0-9_-]+$/, tempid: /^[A-Za-z0-9_-]{20,}$/ });

  // Where the browser offers passkeys in the e-mail field's autofill, choosing one signs in (the
  // virtual authenticator chooses at once); without a way back the member lands in My account.
  await page.goto('/en/my-account');
  await page.getByRole('link', { name: text('common.signOut') }).click();
  await page.waitForURL('**/en/login');
  await withoutConditionalUi(page, false);
  await page.goto('/en/login');
  await page.waitForURL('**/en/my-account');
  t.pass('signed in from the autofill offer');

  const used = page.locator('#passkeys').getByRole('listitem', { name: 'Work laptop' });
  await used.getByText(/Last used on/).waitFor();
  await used.getByRole('button', { name: text('account.passkeys.remove') }).click();
  await used.getByRole('button', { name: text('account.passkeys.removeConfirm') }).click();
  await page.locator('#passkeys').getByText(text('account.passkeys.none')).waitFor();
  t.pass('removed');

  await withoutConditionalUi(page, true);

  await page.getByRole('link', { name: text('common.signOut') }).click();
  await page.waitForURL('**/en/login');
  await page.getByRole('button', { name: text('login.passkey.button') }).click();
  await page.getByText(text('error.PasskeyNotAccepted')).waitFor();
  t.equal(new URL(page.url()).pathname, '/en/login', 'a removed passkey no longer signs in');
  await context.close();
});

t.test('the Chinese site (zh-cn) offers passkeys too: added in My account, used at the login page', async (t) => {
  const zh = textsOf('zh-cn');
  const member = await createActiveMember(stack);
  const context = await newContext(browser, portal, 'zh-CN');
  const page = await pageWithAuthenticator(context);
  await page.goto('/zh-cn/login');
  await withoutConditionalUi(page, true);
  await page.reload();
  await page.getByLabel(exactLabel(zh('login.emailOrId'))).fill(member.email);
  await page.getByLabel(exactLabel(zh('login.password'))).fill(TEST_PASSWORD);
  await page.getByRole('button', { name: zh('login.submit'), exact: true }).click();
  await page.waitForURL('**/zh-cn/my-account');
  await page
    .getByRole('navigation', { name: zh('account.menu') })
    .getByRole('link', { name: zh('account.passkeys.title') })
    .waitFor();
  await page
    .locator('#passkeys')
    .getByRole('button', { name: zh('account.passkeys.add') })
    .click();
  await page
    .locator('#passkeys')
    .getByRole('listitem', { name: zh('account.passkeys.defaultName', { number: 1 }) })
    .waitFor();
  t.pass('a passkey added on the Chinese site');

  await page.getByRole('link', { name: zh('common.signOut') }).click();
  await page.waitForURL('**/zh-cn/login');
  await page.getByRole('button', { name: zh('login.passkey.button') }).click();
  await page.waitForURL('**/zh-cn/my-account');
  t.pass('and it signs in there');
  await context.close();
});
