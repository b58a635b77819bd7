import t from 'tap';
import type { Page } from 'playwright-core';
import { createActiveMember, startStack, TEST_PASSWORD } from '../../helper.ts';
import { startCompanySite } from '../../helpers/company-site.ts';
import { launchBrowser, newContext } from '../../e2e/browser.ts';
import { builtClientDir } from '../../e2e/client-build.ts';
import { exactLabel, textsOf } from '../../e2e/texts.ts';

/**
 * An attacker hands a member a portal link whose callback URL is his own site: the sign-in form,
 * or choosing-preferring opened with a forged way back. In a real browser the member never
 * reaches an unlisted site, and a listed site named only by its host gets the member over plain
 * http without a ticket (a ticket is a bearer credential).
 */
const SITE_KEY = 'listed-site-key-0123456789abcdef0123456789';
const text = textsOf('en');
let portal = '';
const listed = await startCompanySite(t, { portal: () => portal, siteKey: SITE_KEY });
const attacker = await startCompanySite(t, { portal: () => portal, siteKey: SITE_KEY });
const hostOnly = await startCompanySite(t, { portal: () => portal, siteKey: SITE_KEY });
const stack = await startStack(t, {
  env: {
    CLIENT_DIR: await builtClientDir(),
    ALLOWED_CALLBACK_HOSTS: `${listed.allowListEntry},${new URL(hostOnly.origin).host}`,
    SSO_SITE_KEYS: SITE_KEY,
    LOGIN_RATE_LIMIT_PER_MINUTE: '200',
  },
});
portal = stack.bffUrl;
const browser = await launchBrowser(t);

async function signInAt(page: Page, path: string, email: string): Promise<void> {
  await page.goto(path);
  await page.getByLabel(exactLabel(text('login.emailOrId'))).fill(email);
  await page.getByLabel(exactLabel(text('login.password'))).fill(TEST_PASSWORD);
  await page.getByRole('button', { name: text('login.submit'), exact: true }).click();
}

t.test('a callback URL on an unlisted site: the sign-in ends on My account and the site sees nothing', async (t) => {
  const member = await createActiveMember(stack);
  const page = await (await newContext(browser, stack.bffUrl)).newPage();
  await signInAt(page, `/en/login?callbackurl=${encodeURIComponent(attacker.callbackUrl({ steal: '1' }))}`, member.email);
  await page.waitForURL((url) => url.origin === stack.bffUrl && url.pathname === '/en/my-account');
  await page.getByRole('heading', { name: text('account.profile.title') }).waitFor();
  await page.waitForLoadState('networkidle');
  t.equal(await page.getByRole('link', { name: text('account.backToSite') }).count(), 0, 'My account offers no way back to it');
  t.same(attacker.visits, [], 'the unlisted site was never visited');
});

t.test('choosing-preferring opened with a forged way back: Skip and Submit stay on the portal', async (t) => {
  const member = await createActiveMember(stack);
  const page = await (await newContext(browser, stack.bffUrl)).newPage();
  await signInAt(page, '/en/login', member.email);
  await page.waitForURL('**/en/my-account');
  const forged = attacker.callbackUrl({ id: 'forged', tempid: 'forged-ticket-0123456789abcdef' });

  await page.goto(`/en/choosing-preferring?callbackurl=${encodeURIComponent(forged)}`);
  await page.getByRole('button', { name: text('preferring.skip') }).click();
  await page.waitForURL((url) => url.origin === stack.bffUrl && url.pathname === '/en/my-account');

  await page.goto(`/en/choosing-preferring?callbackurl=${encodeURIComponent(forged)}`);
  for (const legend of [text('preferring.products'), text('preferring.areas')]) {
    await page.getByRole('group', { name: legend }).getByRole('checkbox').first().check();
  }
  await page.getByRole('button', { name: text('preferring.submit') }).click();
  await page.waitForURL((url) => url.origin === stack.bffUrl && url.pathname === '/en/my-account');
  t.same(attacker.visits, [], 'the unlisted site was never visited');
});

t.test('a site listed by host only, over plain http: the member arrives without id and tempid', async (t) => {
  const member = await createActiveMember(stack);
  const page = await (await newContext(browser, stack.bffUrl)).newPage();
  const callback = hostOnly.callbackUrl({ cart: '3' });
  await signInAt(page, `/en/login?callbackurl=${encodeURIComponent(callback)}`, member.email);
  // A member without preferences is asked first; the way back must not carry a ticket either.
  await page.waitForURL((url) => url.pathname === '/en/choosing-preferring');
  const next = new URL(page.url()).searchParams.get('callbackurl') ?? '';
  t.notMatch(next, /tempid/i, 'no ticket in the way back');
  await page.getByRole('button', { name: text('preferring.skip') }).click();
  await page.getByRole('link', { name: 'Sign in with your member account' }).waitFor();
  t.equal(page.url(), callback, 'the member reached the site');
  t.same(
    hostOnly.visits.filter((visit) => visit.startsWith(hostOnly.callbackPath)),
    ['/sso/callback?cart=3'],
    'without id and tempid',
  );
  t.same(hostOnly.redemptions, [], 'so the site redeemed nothing');
  t.equal(listed.redemptions.length, 0);
});
