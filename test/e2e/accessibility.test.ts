import t, { type Test as Tap } from 'tap';
import type { Browser, Page } from 'playwright-core';
import type { Language } from '../../shared/languages.ts';
import { createActiveMember, startStack, type Stack } from '../helper.ts';
import { settle, violationsOn } from './axe.ts';
import { launchBrowser } from './browser.ts';
import { builtClientDir } from './client-build.ts';
import { signInByApi } from './sign-in-by-api.ts';
import { exactLabel, textsOf } from './texts.ts';

async function audit(t: Tap, page: Page, screen: string) {
  const violations = await violationsOn(page);
  t.same(violations, [], `${screen}: no WCAG 2.1 AA violations\n${violations.join('\n')}`);
}

/** CSP bypassed only so that axe can be injected into the page; nothing else in the page changes. */
async function openPage(browser: Browser, stack: Stack, locale: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL: stack.bffUrl,
    locale,
    bypassCSP: true,
    viewport: { width: 1280, height: 900 },
  });
  return context.newPage();
}

/** Signed in through the portal's API (the login form is audited signed out), on the member's My account. */
async function openMyAccount(page: Page, lang: Language, member: { email: string; password: string }) {
  await signInByApi(page.context(), member);
  await page.goto(`/${lang}/my-account`);
}

async function registerIn(page: Page, lang: Language, country: string) {
  const text = textsOf(lang);
  await page.goto(`/${lang}/register`);
  await page.getByLabel(exactLabel(text('register.country'))).selectOption({ value: country });
}

/**
 * Together with the light and dark journeys (test/e2e/axe-journey.ts: login, register, the
 * signed-out notices, My account, its toast and dialog, at desktop and phone width), every screen
 * and state passes axe-core: here the rest of them, and a language of another script.
 */
t.test('every screen passes the WCAG 2.1 AA rules of axe-core, and login works by keyboard', async (t) => {
  const stack = await startStack(t, { env: { CLIENT_DIR: await builtClientDir() } });
  const browser = await launchBrowser(t);
  const en = textsOf('en');

  t.test('signed-out screens in English', async (t) => {
    const page = await openPage(browser, stack, 'en-US');
    await page.goto('/en/login');
    await page.getByRole('button', { name: en('login.submit'), exact: true }).click();
    await page.locator('[aria-invalid="true"]').first().waitFor();
    await audit(t, page, 'login (empty fields refused)');
    await page.getByRole('button', { name: en('login.code.switch') }).click();
    await page.getByRole('button', { name: en('login.code.getCode') }).waitFor();
    await audit(t, page, 'login (code)');

    await registerIn(page, 'en', 'South Korea');
    await audit(t, page, 'register (South Korea)');

    const screens: [string, string][] = [
      ['/en/resend-verify-mail', 'resend-verify-mail'],
      ['/en/reset-password', 'reset-password'],
      ['/en/password-reset-link-expired', 'password-reset-link-expired'],
      ['/en/error?error=activated', 'error (activated)'],
      ['/en/error?error=unauthorized&userId=someone%40example.com', 'error (expired link)'],
    ];
    for (const [path, screen] of screens) {
      await page.goto(path);
      await audit(t, page, screen);
    }
  });

  t.test('signed-in screens in English', async (t) => {
    const member = await createActiveMember(stack);
    const page = await openPage(browser, stack, 'en-US');
    await openMyAccount(page, 'en', member);
    await page.getByRole('heading', { name: en('account.profile.title') }).waitFor();
    const codeNames = await page
      .locator('select[name$="CountryCode"]')
      .evaluateAll((selects) => selects.map((s) => (s as HTMLSelectElement).labels[0]?.textContent));
    t.same(
      codeNames,
      [en('account.profile.telCountryCode'), en('account.profile.mobileCountryCode')],
      'the two country-code selects are told apart by name',
    );
    await page.goto('/en/change-password');
    await audit(t, page, 'change-password');
    await page.goto('/en/choosing-preferring');
    await page.getByRole('heading', { name: en('preferring.title') }).waitFor();
    await audit(t, page, 'choosing-preferring');
  });

  t.test('login, register and my-account in Japanese', async (t) => {
    const member = await createActiveMember(stack);
    const page = await openPage(browser, stack, 'ja-JP');
    await page.goto('/ja-jp/login');
    await audit(t, page, 'ja-jp login');
    await page.goto('/ja-jp/register');
    await audit(t, page, 'ja-jp register');
    await openMyAccount(page, 'ja-jp', member);
    await page.getByRole('heading', { name: textsOf('ja-jp')('account.profile.title') }).waitFor();
    await audit(t, page, 'ja-jp my-account');
  });

  t.test('login by keyboard: e-mail, password, sign-in button in order, each with a visible focus', async (t) => {
    const page = await openPage(browser, stack, 'en-US');
    await page.goto('/en/login');
    await settle(page);
    const expected = [
      page.getByLabel(exactLabel(en('login.emailOrId'))),
      page.getByLabel(exactLabel(en('login.password'))),
      page.getByRole('button', { name: en('login.submit'), exact: true }),
    ];
    for (const [index, target] of expected.entries()) {
      for (let presses = 0; presses < 40 && !(await target.evaluate((el) => el === document.activeElement)); presses++) {
        await page.keyboard.press('Tab');
      }
      t.ok(await target.evaluate((el) => el === document.activeElement), `Tab reaches stop ${index + 1}`);
      const ring = await target.evaluate((el) => {
        const style = getComputedStyle(el);
        return { outline: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0, shadow: style.boxShadow !== 'none' };
      });
      t.ok(ring.outline || ring.shadow, `stop ${index + 1} shows where the focus is`);
    }
    const order = await Promise.all(expected.map((target) => target.evaluate((el) => [...document.querySelectorAll('*')].indexOf(el))));
    t.ok(order[0]! < order[1]! && order[1]! < order[2]!, 'the stops come in reading order');
  });
});
