import t, { type Test } from 'tap';
import type { Page } from 'playwright-core';
import { LANGUAGES } from '../../shared/languages.ts';
import { openMemberStore } from '../../server/member-service/store/store.ts';
import { createActiveMember, freePort, startStack, TEST_PASSWORD } from '../helper.ts';
import { startCompanySite } from '../helpers/company-site.ts';
import { startOidcProvider } from '../helpers/oidc-provider.ts';
import { mailedCode } from '../member-service/sign-in-fixtures.ts';
import { launchBrowser, newContext } from './browser.ts';
import { builtClientDir } from './client-build.ts';
import { exactLabel, textsOf } from './texts.ts';

/**
 * Returning members signing in for a company site on another port: by password, by a code from
 * the outbox, with Google, and after a forced password change. The site redeems every ticket it
 * is sent server to server, as a real one does.
 */
const SITE_KEY = 'company-site-key-0123456789abcdef0123456789';
const text = textsOf('en');
const port = await freePort();
const portal = `http://127.0.0.1:${port}`;
const site = await startCompanySite(t, { portal: () => portal, siteKey: SITE_KEY });
const google = await startOidcProvider(
  t,
  LANGUAGES.map((lang) => `${portal}/${lang}/social-login`),
);
const stack = await startStack(t, {
  env: {
    PORT: String(port),
    PUBLIC_ORIGIN: portal,
    CLIENT_DIR: await builtClientDir(),
    ALLOWED_CALLBACK_HOSTS: site.allowListEntry,
    SSO_SITE_KEYS: SITE_KEY,
    LOGIN_RATE_LIMIT_PER_MINUTE: '200',
    ...google.env('GOOGLE'),
  },
});
const browser = await launchBrowser(t);

async function newPage(): Promise<Page> {
  const page = await (await newContext(browser, stack.bffUrl)).newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

/** At the site without a ticket, the member follows its link to the portal's login. */
async function startAtSite(page: Page, query: Record<string, string>): Promise<void> {
  await page.goto(site.callbackUrl(query));
  await page.getByRole('link', { name: 'Sign in with your member account' }).click();
  await page.waitForURL((url) => url.pathname === '/en/login');
}

async function signInWithPassword(page: Page, email: string, password = TEST_PASSWORD): Promise<void> {
  await page.getByLabel(exactLabel(text('login.emailOrId'))).fill(email);
  await page.getByLabel(exactLabel(text('login.password'))).fill(password);
  await page.getByRole('button', { name: text('login.submit'), exact: true }).click();
}

/**
 * Choosing-preferring opened on the way to the site and stays open once its options have loaded
 * (a stale signed-out state used to send the member to login from here).
 */
async function expectChoosingPreferring(t: Test, page: Page): Promise<void> {
  await page.waitForURL((url) => url.pathname === '/en/choosing-preferring');
  await page.getByRole('heading', { name: text('preferring.title') }).waitFor();
  await page
    .getByRole('group', { name: text('preferring.areas') })
    .getByRole('checkbox')
    .first()
    .waitFor();
  t.equal(new URL(page.url()).pathname, '/en/choosing-preferring', 'choosing-preferring stays open for the signed-in member');
}

async function choosePreferences(page: Page): Promise<void> {
  for (const legend of [text('preferring.products'), text('preferring.areas')]) {
    await page.getByRole('group', { name: legend }).getByRole('checkbox').first().check();
  }
  await page.getByRole('button', { name: text('preferring.submit') }).click();
}

/** The site greeted the member: the last ticket it was sent named this member, and the site's own query came back with it. */
async function expectAtSite(t: Test, page: Page, email: string, query: Record<string, string>): Promise<void> {
  await page.getByRole('heading', { name: `Signed in as ${email}` }).waitFor();
  const last = site.redemptions.at(-1)!;
  t.equal(last.reply.code, 'ok', 'the site redeemed the ticket at CheckGoToProfile');
  t.equal(last.reply.data?.userId, email, 'for this member');
  t.match(
    last.query,
    { ...query, id: /^[A-Za-z0-9_-]+$/, tempid: /^[A-Za-z0-9_-]{20,}$/ },
    'the site got id and tempid beside its own query',
  );
}

async function setMember(email: string, changes: Record<string, unknown>): Promise<void> {
  const store = await openMemberStore({ dataDir: stack.dataDir });
  try {
    const row = await store.members.findByEmail(email);
    await store.members.update(row!.id, changes);
  } finally {
    await store.close();
  }
}

t.test('password: a member without preferences chooses them, Submit continues to the site; next time straight there', async (t) => {
  const member = await createActiveMember(stack);
  const page = await newPage();
  await startAtSite(page, { cart: '7' });
  await signInWithPassword(page, member.email);
  await expectChoosingPreferring(t, page);
  await choosePreferences(page);
  await expectAtSite(t, page, member.email, { cart: '7' });

  const again = await newPage();
  await startAtSite(again, { cart: '8' });
  await signInWithPassword(again, member.email);
  await expectAtSite(t, again, member.email, { cart: '8' });
  t.equal(
    site.redemptions.length >= 2 && site.redemptions.at(-1)!.query.tempid !== site.redemptions.at(-2)!.query.tempid,
    true,
    'a new ticket for each sign-in',
  );
});

t.test('code by e-mail: the code from the outbox signs in, Skip continues to the site', async (t) => {
  const member = await createActiveMember(stack);
  const page = await newPage();
  await startAtSite(page, { from: 'code' });
  await page.getByRole('button', { name: text('login.code.switch') }).click();
  await page.getByLabel(exactLabel(text('login.emailOrId'))).fill(member.email);
  await page.getByRole('button', { name: text('login.code.getCode') }).click();
  const code = await mailedCode(stack.dataDir, member.email);
  await page.getByLabel(exactLabel(text('login.code.label'))).fill(code);
  await page.getByRole('button', { name: text('login.code.verify'), exact: true }).click();
  await expectChoosingPreferring(t, page);
  await page.getByRole('button', { name: text('preferring.skip') }).click();
  await expectAtSite(t, page, member.email, { from: 'code' });
});

t.test('Google: a member who connected Google signs in with it, chooses preferences and reaches the site', async (t) => {
  const member = await createActiveMember(stack);
  const setup = await newPage();
  await setup.goto('/en/login');
  await signInWithPassword(setup, member.email);
  await setup.waitForURL('**/en/my-account');
  google.signInAs({ sub: `google-${member.email}`, email: `g.${member.email}`, name: 'Ada Google' });
  await setup
    .getByRole('listitem', { name: 'Google' })
    .getByRole('button', { name: text('account.social.connect') })
    .click();
  await setup.getByText(text('social.connected')).waitFor();

  const page = await newPage();
  await startAtSite(page, { from: 'google' });
  await page.getByRole('button', { name: text('social.continueWith.google') }).click();
  await expectChoosingPreferring(t, page);
  await choosePreferences(page);
  await expectAtSite(t, page, member.email, { from: 'google' });
});

t.test(
  'a member who must change the password first: change-password, then on to the site with a ticket; the new password signs in',
  async (t) => {
    const member = await createActiveMember(stack);
    await setMember(member.email, { status: 2, password_changed_at: null, preferring: 0 });
    const page = await newPage();
    await startAtSite(page, { from: 'change' });
    await signInWithPassword(page, member.email);
    await page.waitForURL((url) => url.pathname === '/en/change-password');
    await page.getByText(text('password.change.intro.firstLogin')).waitFor();
    t.equal(site.redemptions.filter((r) => r.reply.data?.userId === member.email).length, 0, 'no ticket before the password is changed');

    const newPassword = 'Babbage1791x';
    await page.getByLabel(exactLabel(text('password.change.currentPassword'))).fill(TEST_PASSWORD);
    await page.getByLabel(exactLabel(text('password.change.newPassword'))).fill(newPassword);
    await page.getByLabel(exactLabel(text('password.change.confirmPassword'))).fill(newPassword);
    await page.getByRole('button', { name: text('password.change.submit') }).click();
    await expectAtSite(t, page, member.email, { from: 'change' });

    await page.context().clearCookies();
    await startAtSite(page, { from: 'change' });
    await signInWithPassword(page, member.email, newPassword);
    await expectAtSite(t, page, member.email, { from: 'change' });
  },
);
