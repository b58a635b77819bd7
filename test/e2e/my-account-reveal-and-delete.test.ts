import t, { type Test } from 'tap';
import type { Browser, Page } from 'playwright-core';
import { LANGUAGES, type Language } from '../../shared/languages.ts';
import { MENU_SCROLL_OFFSET } from '../../shared/limits.ts';
import { createActiveMember, signIn, startStack } from '../helper.ts';
import { settle, violationsOn } from './axe.ts';
import { launchBrowser, newContext } from './browser.ts';
import { builtClientDir } from './client-build.ts';
import { signInByApi } from './sign-in-by-api.ts';
import { exactLabel, textsOf } from './texts.ts';

/**
 * My account in a real browser, on one portal and one browser (each test its own context and
 * members; booting them is most of the cost; sign-ins are many, hence the raised rate limit):
 * - it draws its sections one per task as it opens. A press on the menu before a section is drawn
 *   still takes the member there once it is; the list is busy until all are in. A link to a
 *   section (`my-account#passkeys`) ends at it, through a sign-in if need be. (Where a press on
 *   the menu leaves a section depends on the sections above it, which grow as their own reads
 *   arrive: my-account-sections.test.ts measures the position once the page has settled.)
 * - Delete My Account asks first: what happens and when, Cancel by default, Escape, a trapped
 *   focus that comes back.
 */
const stack = await startStack(t, { env: { CLIENT_DIR: await builtClientDir(), LOGIN_RATE_LIMIT_PER_MINUTE: '200' } });
const browser = await launchBrowser(t);

// Sections drawn as the page opens.

const signedIn = await signIn(stack, await createActiveMember(stack));
const en = textsOf('en');

t.test('a menu entry pressed before its section is drawn leads to it once it is', async (t) => {
  const context = await newContext(browser, stack.bffUrl, 'en-US');
  await context.addCookies([...signedIn.cookies].map(([name, value]) => ({ name, value, url: stack.bffUrl })));
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
  await page.getByRole('heading', { name: en('account.profile.title') }).waitFor();
  t.equal(await page.locator('#subscription').count(), 0, 'a later section is not drawn yet');
  t.equal(await page.locator('.account__sections[aria-busy="true"]').count(), 1, 'and the list says it is busy');

  await page
    .getByRole('navigation', { name: en('account.menu') })
    .getByRole('link', { name: en('account.subscription.title') })
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
  await context.addCookies([...signedIn.cookies].map(([name, value]) => ({ name, value, url: stack.bffUrl })));
  const page = await context.newPage();
  await page.goto('/en/my-account#passkeys');
  await page.waitForFunction(() => document.activeElement?.id === 'passkeys-title');
  t.pass('the section heading has the focus');
  t.equal(await sectionTop(page, 'passkeys'), MENU_SCROLL_OFFSET, 'and the section starts at the top of the screen, below the header');
  // Reached by IP address, which browsers refuse as a passkey's relying party.
  const passkeys = page.getByRole('region', { name: en('account.passkeys.title') });
  t.equal(await passkeys.getByRole('button', { name: en('account.passkeys.add') }).count(), 0, 'no passkey can be added here');
  t.ok(await passkeys.getByText(en('account.passkeys.unavailable')).isVisible(), 'and the section says so, rather than offering nothing');
  await context.close();
});

t.test('a link to a section that needs a sign-in first ends at that section after it', async (t) => {
  const someone = await createActiveMember(stack);
  const context = await newContext(browser, stack.bffUrl, 'en-US', true);
  const page = await context.newPage();
  await page.goto('/en/my-account#passkeys');
  await page.waitForURL((url) => url.pathname === '/en/login' && url.hash === '#passkeys');
  await page.getByLabel(exactLabel(en('login.emailOrId'))).fill(someone.email);
  await page.getByLabel(exactLabel(en('login.password'))).fill(someone.password);
  await page.getByRole('button', { name: en('login.submit'), exact: true }).click();
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
  await page.getByLabel(exactLabel(en('login.emailOrId'))).fill(someone.email);
  await page.getByLabel(exactLabel(en('login.password'))).fill(someone.password);
  await page.getByRole('button', { name: en('login.submit'), exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/en/my-account');
  await settle(page);
  const url = new URL(page.url());
  t.equal(url.origin, stack.bffUrl, 'still on the portal');
  t.equal(url.pathname, '/en/my-account', 'on My account');
  t.equal(await page.evaluate(() => window.scrollY), 0, 'and a fragment naming no section moves nothing');
  await context.close();
});

// Delete My Account.

const DAY = 24 * 60 * 60 * 1000;
/** English pages write a day with the month's name ("Dec 27, 2026"). */
const monthName = (ms: number) => new Intl.DateTimeFormat('en', { month: 'short', day: '2-digit', year: 'numeric' }).format(ms);

/** CSP bypassed only so that axe can be injected. */
async function myAccount(browser: Browser, lang: Language, member: { email: string; password: string }, width = 1280): Promise<Page> {
  const context = await browser.newContext({ baseURL: stack.bffUrl, locale: lang, bypassCSP: true, viewport: { width, height: 800 } });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  // The login form is not the subject here (the tests above go through it).
  await signInByApi(context, member);
  await page.goto(`/${lang}/my-account`);
  await page.getByRole('heading', { name: textsOf(lang)('account.delete.title') }).waitFor();
  return page;
}

/** The deletion date the member service holds, read at the API as the member. */
async function deletionDateAtApi(member: { email: string; password: string }): Promise<string | null> {
  const client = await signIn(stack, member);
  return (await client.get('/api/Member')).body.data.myAccountDeleteDate;
}

const isFocused = (page: Page, name: string) =>
  page.getByRole('button', { name, exact: true }).evaluate((el) => el === document.activeElement);

async function tabOrder(page: Page, presses: number, shift = false): Promise<string[]> {
  const seen: string[] = [];
  for (let i = 0; i < presses; i += 1) {
    await page.keyboard.press(shift ? 'Shift+Tab' : 'Tab');
    seen.push(await page.evaluate(() => document.activeElement?.textContent?.trim() ?? document.activeElement?.tagName ?? ''));
  }
  return seen;
}

t.test('English: Escape and Cancel keep the account, the focus is trapped and returns; confirm deletes', async (t: Test) => {
  const member = await createActiveMember(stack);
  const text = textsOf('en');
  const page = await myAccount(browser, 'en', member);
  const deleteButton = page.getByRole('button', { name: text('account.delete.button'), exact: true });
  const dialog = page.getByRole('alertdialog', { name: text('account.delete.confirm.title') });
  const cancel = text('account.delete.confirm.cancel');
  const confirm = text('account.delete.confirm.confirm');

  // Opened by keyboard, so that the way back is a keyboard user's too.
  await deleteButton.focus();
  await page.keyboard.press('Enter');
  await dialog.waitFor();
  const openedAt = Date.now();
  t.ok(await isFocused(page, cancel), 'Cancel has the focus');
  const shownDate = [monthName(openedAt + 30 * DAY), monthName(openedAt + 30 * DAY + 60_000)];
  // The date's spaces do not break: read them as spaces.
  const when = (await dialog.getByText(/30 days from now/).textContent())?.replaceAll('\u00a0', ' ');
  t.ok(
    shownDate.some((date) => when === text('account.delete.confirm.when', { date, days: 30 })),
    `the permanent deletion date, 30 days on: ${when}`,
  );
  await dialog.getByText(text('account.delete.confirm.restore')).waitFor();
  await dialog.getByText(text('account.delete.confirm.marketplaces')).waitFor();
  t.equal(await dialog.evaluate((el) => (el as HTMLDialogElement).open && el.matches(':modal')), true, 'a modal dialog');

  const violations = await violationsOn(page);
  t.same(violations, [], `the open dialog: no WCAG 2.1 AA violations\n${violations.join('\n')}`);

  t.same(await tabOrder(page, 3), [confirm, cancel, confirm], 'Tab stays among the dialog buttons');
  t.same(await tabOrder(page, 2, true), [cancel, confirm], 'so does Shift+Tab');

  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  t.ok(await deleteButton.evaluate((el) => el === document.activeElement), 'Escape closes it and the focus is back on Delete');
  t.equal(await deletionDateAtApi(member), null, 'Escape deleted nothing');

  await page.keyboard.press('Enter');
  await dialog.waitFor();
  await page.keyboard.press('Enter');
  await dialog.waitFor({ state: 'hidden' });
  t.ok(
    await deleteButton.evaluate((el) => el === document.activeElement),
    'Enter on the focused Cancel closes it; the focus is back on Delete',
  );
  t.equal(await deletionDateAtApi(member), null, 'Cancel deleted nothing');

  await deleteButton.click();
  await dialog.getByRole('button', { name: cancel }).click();
  await dialog.waitFor({ state: 'hidden' });
  t.equal(await deletionDateAtApi(member), null, 'a click on Cancel deleted nothing');
  t.equal(await page.getByRole('heading', { name: text('account.restore.title') }).count(), 0, 'the section still offers Delete');

  await deleteButton.click();
  await dialog.getByRole('button', { name: confirm }).click();
  const restore = page.getByRole('button', { name: text('account.restore.button'), exact: true });
  await restore.waitFor();
  await dialog.waitFor({ state: 'hidden' });
  const date = await deletionDateAtApi(member);
  t.ok(date && Date.parse(date) - openedAt > 29 * DAY, `the explicit confirm requested the deletion (${date})`);
  await page
    .getByRole('status')
    .filter({ hasText: text('account.delete.done') })
    .waitFor();
  t.ok(await restore.evaluate((el) => el === document.activeElement), 'the focus moves to Restore, which took the place of Delete');
});

t.test('every language has its own words; on a 360-pixel screen the dialog fits', async (t: Test) => {
  const member = await createActiveMember(stack);
  for (const lang of LANGUAGES) {
    const text = textsOf(lang);
    const page = await myAccount(browser, lang, member, 360);
    await page.getByRole('button', { name: text('account.delete.button'), exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: text('account.delete.confirm.title') });
    await dialog.waitFor();
    for (const key of ['restore', 'marketplaces']) await dialog.getByText(text(`account.delete.confirm.${key}`)).waitFor();
    const box = (await dialog.boundingBox())!;
    t.ok(
      box.x >= 0 && box.x + box.width <= 360,
      `${lang}: the dialog fits the width (${Math.round(box.x)}..${Math.round(box.x + box.width)})`,
    );
    for (const name of [text('account.delete.confirm.cancel'), text('account.delete.confirm.confirm')]) {
      const button = (await dialog.getByRole('button', { name, exact: true }).boundingBox())!;
      t.ok(button.x >= box.x && button.x + button.width <= box.x + box.width, `${lang}: "${name}" stays inside the dialog`);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await page.context().close();
  }
  t.equal(await deletionDateAtApi(member), null, 'nothing was deleted');
});
