import t from 'tap';
import type { Page } from 'playwright-core';
import { TOAST_DELAY_MS } from '../../shared/limits.ts';
import { TOAST_VISIBLE_MS } from '../../client/state/toasts.ts';
import { createActiveMember, startStack, TEST_PASSWORD } from '../helper.ts';
import { settle } from './axe.ts';
import { launchBrowser, newContext } from './browser.ts';
import { builtClientDir } from './client-build.ts';
import { shownErrors } from './layout-checks.ts';
import { signInByApi } from './sign-in-by-api.ts';
import { exactLabel, textsOf } from './texts.ts';
import { consentWithoutNewsletter } from './register-form.ts';

/**
 * When forms show errors, on one portal and one browser (each test its own context and members;
 * booting them is most of the cost):
 * - never early: not on opening (login, register, My profile of a member who has chosen no
 *   products or areas yet), and not for a field the visitor only passed through;
 * - a server verdict on a field: a number the form's own rules accept but the numbering plan does
 *   not (only the member service knows) comes back as Form_PhoneNumber_Invalid and must land on
 *   the field, with the focus, not only in a toast. Error toasts then stay until closed.
 */
const stack = await startStack(t, { env: { CLIENT_DIR: await builtClientDir() } });
const browser = await launchBrowser(t);

// Never early.

for (const lang of ['en', 'ko-kr'] as const) {
  t.test(`${lang}: login, register and a new member's My profile open without errors`, async (t) => {
    const text = textsOf(lang);
    const page = await (await newContext(browser, stack.bffUrl)).newPage();

    await page.goto(`/${lang}/login`);
    await settle(page);
    t.same(await shownErrors(page), [], 'login');
    // The e-mail field has the focus; passing through both fields without typing marks nothing.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    t.same(await shownErrors(page), [], 'login after tabbing through the empty fields');
    await page.getByRole('button', { name: text('login.code.switch') }).click();
    await page.getByRole('button', { name: text('login.code.getCode') }).waitFor();
    t.same(await shownErrors(page), [], 'login in code mode');

    await page.goto(`/${lang}/register`);
    await settle(page);
    t.same(await shownErrors(page), [], 'register');
    await page.getByLabel(exactLabel(text('register.firstName'))).focus();
    await page.getByLabel(exactLabel(text('register.email'))).focus();
    await page.getByLabel(exactLabel(text('register.country'))).selectOption({ value: 'Germany' });
    t.same(await shownErrors(page), [], 'register after passing through fields and choosing a country');

    const member = await createActiveMember(stack);
    await signInByApi(page.context(), member);
    await page.goto(`/${lang}/my-account`);
    await page
      .getByRole('group', { name: new RegExp(text('account.profile.productsOfInterest')) })
      .getByRole('checkbox')
      .first()
      .waitFor();
    await settle(page);
    t.same(await shownErrors(page), [], "a new member's My profile (no products or areas chosen yet)");

    // Once asked to save, the questions still open are marked.
    await page.getByLabel(exactLabel(text('account.profile.companyName'))).fill('Difference Engines Ltd');
    await page.getByRole('button', { name: text('account.profile.save') }).click();
    await page.getByText(text('error.QuestionRequired')).first().waitFor();
    t.ok((await shownErrors(page)).length > 0, 'saving shows what is still required');
  });
}

// A server verdict on a field.

const en = textsOf('en');
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
  // Time runs as usual, but can be moved on past the toasts' timers without waiting for them.
  await page.clock.install();
  await page.goto('/en/register');
  await page.getByLabel(exactLabel(en('register.firstName'))).fill('Grace');
  await page.getByLabel(exactLabel(en('register.lastName'))).fill('Hopper');
  await page.getByLabel(exactLabel(en('register.email'))).fill(`phone-check-${Date.now()}@example.com`);
  await page.getByLabel(exactLabel(en('register.password'))).fill(TEST_PASSWORD);
  await page.getByLabel(exactLabel(en('register.confirmPassword'))).fill(TEST_PASSWORD);
  await page.getByLabel(exactLabel(en('register.companyName'))).fill('Harvard Mark I');
  await page.getByLabel(exactLabel(en('register.country'))).selectOption({ value: 'Germany' });
  await page.getByRole('radio', { name: en('register.phoneChoice.phone') }).check();
  await page.getByRole('textbox', { name: en('register.telAreacode') }).fill('30');
  await page.getByRole('textbox', { name: en('register.telNo') }).fill('1');
  await consentWithoutNewsletter(page, en);
  await page.getByRole('button', { name: en('register.submit') }).click();

  const number = page.getByRole('textbox', { name: en('register.telNo') });
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
  t.match(message, en('error.Form_PhoneNumber_Invalid'), 'and tied to the message');

  // The error toast (the same verdict) stays past the time a success toast would have gone.
  const toast = page.locator('.toast--error');
  await toast.first().waitFor();
  await page.clock.runFor(TOAST_DELAY_MS + TOAST_VISIBLE_MS + 500);
  t.ok(await toast.first().isVisible(), 'the error toast is still there');
  await toast
    .first()
    .getByRole('button', { name: en('common.close') })
    .click();
  t.equal(await toast.count(), 0, 'until closed');
});

t.test('My profile: the same verdict on save lands on the field, with the focus, and goes once the number is edited', async (t) => {
  const member = await createActiveMember(stack);
  const page = await (await newContext(browser, stack.bffUrl)).newPage();
  await signInByApi(page.context(), member);
  await page.goto('/en/my-account');
  await page.getByRole('heading', { name: en('account.profile.title') }).waitFor();

  for (const legend of [en('account.profile.productsOfInterest'), en('account.profile.businessApplicationAreas')]) {
    await page.getByRole('group', { name: legend }).getByRole('checkbox').first().check();
  }
  await chooseGermanCode(page, en('account.profile.telCountryCode'));
  await page.getByRole('textbox', { name: en('account.profile.areaCode') }).fill('30');
  const number = page.getByRole('textbox', { name: en('account.profile.phoneNumber') });
  await number.fill('1');
  await page.getByRole('button', { name: en('account.profile.save') }).click();

  await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'telNo');
  t.equal(await number.getAttribute('aria-invalid'), 'true', 'the phone number is marked invalid');
  t.ok(await page.locator('.field__error', { hasText: en('error.Form_PhoneNumber_Invalid') }).isVisible(), 'with the message under it');
  t.equal(await focusedName(page), 'telNo', 'and has the focus');

  await number.fill('12345678');
  t.equal(await number.getAttribute('aria-invalid'), null, 'editing the number clears the verdict');
});
