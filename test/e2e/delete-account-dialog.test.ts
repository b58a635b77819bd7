import t, { type Test } from 'tap';
import type { Browser, Page } from 'playwright-core';
import { LANGUAGES, type Language } from '../../shared/languages.ts';
import { createActiveMember, signIn, startStack } from '../helper.ts';
import { violationsOn } from './axe.ts';
import { launchBrowser } from './browser.ts';
import { builtClientDir } from './client-build.ts';
import { exactLabel, textsOf } from './texts.ts';

/** Delete My Account asks first: what happens and when, Cancel by default, Escape, a trapped focus that comes back. */
const stack = await startStack(t, { env: { CLIENT_DIR: await builtClientDir(), LOGIN_RATE_LIMIT_PER_MINUTE: '200' } });
const browser = await launchBrowser(t);
const DAY = 24 * 60 * 60 * 1000;
/** English pages write a day with the month's name ("Dec 27, 2026"). */
const monthName = (ms: number) => new Intl.DateTimeFormat('en', { month: 'short', day: '2-digit', year: 'numeric' }).format(ms);

/** CSP bypassed only so that axe can be injected. */
async function myAccount(browser: Browser, lang: Language, member: { email: string; password: string }, width = 1280): Promise<Page> {
  const context = await browser.newContext({ baseURL: stack.bffUrl, locale: lang, bypassCSP: true, viewport: { width, height: 800 } });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const text = textsOf(lang);
  await page.goto(`/${lang}/login`);
  // The screen painted at build time stays inert until the app takes over: type into the app's.
  await page.locator('#root:not([inert])').waitFor({ state: 'attached' });
  await page.getByLabel(exactLabel(text('login.emailOrId'))).fill(member.email);
  await page.getByLabel(exactLabel(text('login.password'))).fill(member.password);
  await page.getByRole('button', { name: text('login.submit'), exact: true }).click();
  await page.waitForURL(`**/${lang}/my-account`);
  await page.getByRole('heading', { name: text('account.delete.title') }).waitFor();
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
