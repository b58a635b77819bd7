import type { Page } from 'playwright-core';
import t from 'tap';
import { MENU_SCROLL_OFFSET } from '../../shared/limits.ts';
import { createActiveMember, signIn, startStack } from '../helper.ts';
import { settle } from './axe.ts';
import { launchBrowser, newContext } from './browser.ts';
import { builtClientDir } from './client-build.ts';
import { exactLabel, textsOf } from './texts.ts';

/**
 * My account draws its sections one per task as it opens. A press on the menu before a section
 * is drawn still takes the member there once it is; the list is busy until all are in. A link to
 * a section (`my-account#passkeys`) ends at it, through a sign-in if need be. (Where a press on
 * the menu leaves a section depends on the sections above it, which grow as their own reads
 * arrive: my-account-sections.test.ts measures the position once the page has settled.)
 */
const stack = await startStack(t, { env: { CLIENT_DIR: await builtClientDir() } });
const browser = await launchBrowser(t);
const member = await signIn(stack, await createActiveMember(stack));
const text = textsOf('en');

t.test('a menu entry pressed before its section is drawn leads to it once it is', async (t) => {
  const context = await newContext(browser, stack.bffUrl, 'en-US');
  await context.addCookies([...member.cookies].map(([name, value]) => ({ name, value, url: stack.bffUrl })));
  const page = await context.newPage();
  // The member's read is held until the page's timers are stopped: the sections after the
  // first then wait for the clock.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/Member', async (route) => {
    await held;
    await route.continue();
  });
  await page.clock.install();
  await page.goto('/en/my-account');
  await page.locator('#root:not([inert])').waitFor();
  await page.clock.pauseAt(Date.now() + 60_000);
  release();
  await page.getByRole('heading', { name: text('account.profile.title') }).waitFor();
  t.equal(await page.locator('#subscription').count(), 0, 'a later section is not drawn yet');
  t.equal(await page.locator('.account__sections[aria-busy="true"]').count(), 1, 'and the list says it is busy');

  await page
    .getByRole('navigation', { name: text('account.menu') })
    .getByRole('link', { name: text('account.subscription.title') })
    .click();
  await page.clock.resume();
  await page.locator('.account__sections[aria-busy="true"]').waitFor({ state: 'detached' });
  await page.waitForFunction(() => document.activeElement?.id === 'subscription-title');
  t.pass('once drawn, the section gets the focus on its heading');
  t.ok(await page.evaluate(() => window.scrollY > 0), 'and the page scrolls towards it');
  await context.close();
});

/** Where the section's top is, in pixels from the top of the viewport, once the page has settled. */
async function sectionTop(page: Page, id: string) {
  await settle(page);
  return page.evaluate((id) => Math.round(document.getElementById(id)!.getBoundingClientRect().top), id);
}

// The passkey mail links to /{lang}/my-account#passkeys; the browser finds no such element when
// the page loads, since the page draws its sections later.
t.test('a link to a section of My account ends at that section, on a phone', async (t) => {
  const context = await newContext(browser, stack.bffUrl, 'en-US', true);
  await context.addCookies([...member.cookies].map(([name, value]) => ({ name, value, url: stack.bffUrl })));
  const page = await context.newPage();
  await page.goto('/en/my-account#passkeys');
  await page.waitForFunction(() => document.activeElement?.id === 'passkeys-title');
  t.pass('the section heading has the focus');
  t.equal(await sectionTop(page, 'passkeys'), MENU_SCROLL_OFFSET, 'and the section starts at the top of the screen, below the header');
  // Reached by IP address, which browsers refuse as a passkey's relying party.
  const passkeys = page.getByRole('region', { name: text('account.passkeys.title') });
  t.equal(await passkeys.getByRole('button', { name: text('account.passkeys.add') }).count(), 0, 'no passkey can be added here');
  t.ok(await passkeys.getByText(text('account.passkeys.unavailable')).isVisible(), 'and the section says so, rather than offering nothing');
  await context.close();
});

t.test('a link to a section that needs a sign-in first ends at that section after it', async (t) => {
  const someone = await createActiveMember(stack);
  const context = await newContext(browser, stack.bffUrl, 'en-US', true);
  const page = await context.newPage();
  await page.goto('/en/my-account#passkeys');
  await page.waitForURL((url) => url.pathname === '/en/login' && url.hash === '#passkeys');
  await page.getByLabel(exactLabel(text('login.emailOrId'))).fill(someone.email);
  await page.getByLabel(exactLabel(text('login.password'))).fill(someone.password);
  await page.getByRole('button', { name: text('login.submit'), exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/en/my-account' && url.hash === '#passkeys');
  await page.waitForFunction(() => document.activeElement?.id === 'passkeys-title');
  t.pass('signed in, the member lands on the section the link named');
  t.equal(await sectionTop(page, 'passkeys'), MENU_SCROLL_OFFSET, 'and sees it at the top of the screen');
  await context.close();
});

t.test('a fragment an attacker wrote stays a fragment of the portal through the sign-in', async (t) => {
  const someone = await createActiveMember(stack);
  const context = await newContext(browser, stack.bffUrl, 'en-US');
  const page = await context.newPage();
  await page.goto('/en/my-account#//evil.example/%2e%2e/steal?x=1');
  await page.waitForURL((url) => url.pathname === '/en/login');
  await page.getByLabel(exactLabel(text('login.emailOrId'))).fill(someone.email);
  await page.getByLabel(exactLabel(text('login.password'))).fill(someone.password);
  await page.getByRole('button', { name: text('login.submit'), exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/en/my-account');
  await settle(page);
  const url = new URL(page.url());
  t.equal(url.origin, stack.bffUrl, 'still on the portal');
  t.equal(url.pathname, '/en/my-account', 'on My account');
  t.equal(await page.evaluate(() => window.scrollY), 0, 'and a fragment naming no section moves nothing');
  await context.close();
});
