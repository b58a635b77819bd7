import t from 'tap';
import type { Page } from 'playwright-core';
import { TOAST_DELAY_MS } from '../../shared/limits.ts';
import { TOAST_VISIBLE_MS } from '../../client/state/toasts.ts';
import { createActiveMember, startStack, TEST_PASSWORD } from '../helper.ts';
import { launchBrowser, newContext } from './browser.ts';
import { builtClientDir } from './client-build.ts';
import { exactLabel, textsOf } from './texts.ts';
import { consentWithoutNewsletter } from './register-form.ts';

/**
 * A number the form's own rules accept but the numbering plan does not (only the member service
 * knows): Form_PhoneNumber_Invalid comes back from the server and must land on the field, with
 * the focus, not only in a toast. Error toasts then stay until closed.
 */
const stack = await startStack(t, { env: { CLIENT_DIR: await builtClientDir() } });
const browser = await launchBrowser(t);
const text = textsOf('en');
const focusedName = (page: Page) => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name ?? '');

/** Picks the calling-code entry '+49' of a country-code select. */
async function chooseGermanCode(page: Page, label: string) {
  const select = page.getByLabel(exactLabel(label));
  const value = await select.evaluate(
    (el) => [...(el as HTMLSelectElement).options].find((option) => / \+49$/.test(option.text))?.value ?? '',
  );
  await select.selectOption(value);
}

t.test('register: the server refuses the phone number; the number field says so and has the focus', async (t) => {
  const page = await (await newContext(browser, stack.bffUrl)).newPage();
  await page.goto('/en/register');
  await page.getByLabel(exactLabel(text('register.firstName'))).fill('Grace');
  await page.getByLabel(exactLabel(text('register.lastName'))).fill('Hopper');
  await page.getByLabel(exactLabel(text('register.email'))).fill(`phone-check-${Date.now()}@example.com`);
  await page.getByLabel(exactLabel(text('register.password'))).fill(TEST_PASSWORD);
  await page.getByLabel(exactLabel(text('register.confirmPassword'))).fill(TEST_PASSWORD);
  await page.getByLabel(exactLabel(text('register.companyName'))).fill('Harvard Mark I');
  await page.getByLabel(exactLabel(text('register.country'))).selectOption({ value: 'Germany' });
  await page.getByRole('radio', { name: text('register.phoneChoice.phone') }).check();
  await page.getByRole('textbox', { name: text('register.telAreacode') }).fill('30');
  await page.getByRole('textbox', { name: text('register.telNo') }).fill('1');
  await consentWithoutNewsletter(page, text);
  await page.getByRole('button', { name: text('register.submit') }).click();

  const number = page.getByRole('textbox', { name: text('register.telNo') });
  await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'telNo');
  t.equal(await focusedName(page), 'telNo', 'the focus is on the phone number');
  t.equal(await number.getAttribute('aria-invalid'), 'true', 'which is marked invalid');
  const describedBy = (await number.getAttribute('aria-describedby')) ?? '';
  const message = await page.evaluate(
    (ids) =>
      ids
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' '),
    describedBy,
  );
  t.match(message, text('error.Form_PhoneNumber_Invalid'), 'and tied to the message');

  // The error toast (the same verdict) stays past the time a success toast would have gone.
  const toast = page.locator('.toast--error');
  await toast.first().waitFor();
  await page.waitForTimeout(TOAST_DELAY_MS + TOAST_VISIBLE_MS + 500);
  t.ok(await toast.first().isVisible(), 'the error toast is still there');
  await toast
    .first()
    .getByRole('button', { name: text('common.close') })
    .click();
  t.equal(await toast.count(), 0, 'until closed');
});

t.test('My profile: the same verdict on save lands on the field, with the focus, and goes once the number is edited', async (t) => {
  const member = await createActiveMember(stack);
  const page = await (await newContext(browser, stack.bffUrl)).newPage();
  await page.goto('/en/login');
  await page.getByLabel(exactLabel(text('login.emailOrId'))).fill(member.email);
  await page.getByLabel(exactLabel(text('login.password'))).fill(member.password);
  await page.getByRole('button', { name: text('login.submit'), exact: true }).click();
  await page.waitForURL(/\/en\/(my-account|choosing-preferring)/);
  await page.goto('/en/my-account');
  await page.getByRole('heading', { name: text('account.profile.title') }).waitFor();

  for (const legend of [text('account.profile.productsOfInterest'), text('account.profile.businessApplicationAreas')]) {
    await page.getByRole('group', { name: legend }).getByRole('checkbox').first().check();
  }
  await chooseGermanCode(page, text('account.profile.telCountryCode'));
  await page.getByRole('textbox', { name: text('account.profile.areaCode') }).fill('30');
  const number = page.getByRole('textbox', { name: text('account.profile.phoneNumber') });
  await number.fill('1');
  await page.getByRole('button', { name: text('account.profile.save') }).click();

  await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'telNo');
  t.equal(await number.getAttribute('aria-invalid'), 'true', 'the phone number is marked invalid');
  t.ok(await page.locator('.field__error', { hasText: text('error.Form_PhoneNumber_Invalid') }).isVisible(), 'with the message under it');
  t.equal(await focusedName(page), 'telNo', 'and has the focus');

  await number.fill('12345678');
  t.equal(await number.getAttribute('aria-invalid'), null, 'editing the number clears the verdict');
});
