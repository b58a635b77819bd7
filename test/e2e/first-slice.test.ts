import t, { type Test } from 'tap';
import type { Page } from 'playwright-core';
import type { Language } from '../../shared/languages.ts';
import { startStack, TEST_PASSWORD } from '../helper.ts';
import { findLink, waitForMail } from '../helpers/outbox.ts';
import { launchBrowser, newContext } from './browser.ts';
import { builtClientDir } from './client-build.ts';
import { exactLabel, textsOf, type Texts } from './texts.ts';
import { consentWithoutNewsletter, fillAccount, fillCompanyWithMobile } from './register-form.ts';

/**
 * A new visitor's whole first visit, in a real browser: register, open the verification link
 * from the outbox, sign in, edit the profile, reload and find the change kept, sign out. One
 * portal and one browser for both languages (each visit its own context and address): booting
 * them is most of the cost.
 */
const stack = await startStack(t, { env: { CLIENT_DIR: await builtClientDir() } });
const browser = await launchBrowser(t);

async function firstVisit(t: Test, lang: Language, browserLocale: string) {
  const context = await newContext(browser, stack.bffUrl, browserLocale);
  const page = await context.newPage();
  const text = textsOf(lang);
  const email = `first-visit-${lang}-${Date.now()}@example.com`;

  await page.goto('/');
  await page.waitForURL(`**/${lang}/login`);
  t.pass(`the browser language ${browserLocale} leads to /${lang}/login`);

  await page.getByRole('link', { name: text('login.signUp') }).click();
  await page.waitForURL(`**/${lang}/register`);
  await page.getByRole('heading', { name: text('register.title') }).waitFor();
  await register(page, text, email);
  await page.waitForURL(`**/${lang}/verify-your-email-address`);
  t.pass('registration leads to the verify-your-e-mail page');

  const mail = await waitForMail(stack.dataDir, email);
  const link = findLink(mail, '/auth/activate-member/');
  t.ok(
    link?.startsWith(`${stack.bffConfig.publicOrigin}/${lang}/auth/activate-member/`),
    'the mail links to activation in the chosen language',
  );
  await page.goto(link!);
  await page.getByRole('button', { name: text('activation.activate.goToLogin') }).click();
  await page.waitForURL(`**/${lang}/login`);

  await page.getByLabel(exactLabel(text('login.emailOrId'))).fill(email);
  await page.getByLabel(exactLabel(text('login.password'))).fill(TEST_PASSWORD);
  await page.getByRole('button', { name: text('login.submit'), exact: true }).click();
  await page.waitForURL(`**/${lang}/my-account`);
  await page.getByRole('heading', { name: text('account.profile.title') }).waitFor();
  t.pass('the new member is signed in on my-account');

  const firstName = page.getByLabel(exactLabel(text('account.profile.firstName')));
  t.equal(await firstName.inputValue(), 'Grace', 'the profile shows the registered name');
  await firstName.fill('Grace Brewster');
  await tickFirstOption(page, text('account.profile.productsOfInterest'));
  await tickFirstOption(page, text('account.profile.businessApplicationAreas'));
  const save = page.getByRole('button', { name: text('account.profile.save') });
  await save.click();
  await page.getByText(text('account.MyAccount.ProfileChangedSuccessfully')).waitFor();
  t.ok(await save.isDisabled(), 'after saving, Save is disabled until the next change');

  await page.reload();
  await page.getByRole('heading', { name: text('account.profile.title') }).waitFor();
  await page.waitForFunction(
    (label) =>
      [...document.querySelectorAll('label')].some(
        (l) => l.textContent?.includes(label) && (l.control as HTMLInputElement | null)?.value === 'Grace Brewster',
      ),
    text('account.profile.firstName'),
  );
  t.pass('the change is kept after a reload');

  await page.getByRole('link', { name: text('common.signOut') }).click();
  await page.waitForURL(`**/${lang}/login`);
  await page.goto(`/${lang}/my-account`);
  await page.waitForURL(`**/${lang}/login**`);
  t.pass('after signing out, my-account leads back to login');
  await context.close();
}

async function register(page: Page, text: Texts, email: string) {
  await fillAccount(page, text, { firstName: 'Grace', lastName: 'Hopper', email });
  await fillCompanyWithMobile(page, text, 'Harvard Mark I');
  await consentWithoutNewsletter(page, text);
  await page.getByRole('button', { name: text('register.submit') }).click();
}

async function tickFirstOption(page: Page, legend: string) {
  await page.getByRole('group', { name: legend }).getByRole('checkbox').first().check();
}

t.test('first visit in English', (t) => firstVisit(t, 'en', 'en-US'));
t.test('first visit in Japanese', (t) => firstVisit(t, 'ja-jp', 'ja-JP'));
