import t from 'tap';
import type { Page } from 'playwright-core';
import { createActiveMember, startStack } from '../helper.ts';
import { launchBrowser, newContext } from './browser.ts';
import { builtClientDir } from './client-build.ts';
import { exactLabel, textsOf } from './texts.ts';

/**
 * A phone on slow 4G with a slow CPU, and a password manager that fills the sign-in form the
 * moment it appears: the screen painted at build time shows before the app takes over, and what
 * is filled must land in the app's fields, not in ones about to be replaced.
 */
const stack = await startStack(t, { env: { CLIENT_DIR: await builtClientDir() } });
const browser = await launchBrowser(t);
const text = textsOf('en');

async function slowPhonePage(): Promise<Page> {
  const page = await (await newContext(browser, stack.bffUrl, 'en-US', true)).newPage();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  // Lighthouse's "slow 4G": 150 ms round trips, 1.6 Mbit/s down, 750 kbit/s up.
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  // Scripts arrive last, as on a congested link: the painted screen is in view well before the app.
  await page.route('**/*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  return page;
}

async function fillAtOnce(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/en/login', { waitUntil: 'commit' });
  await page.getByLabel(exactLabel(text('login.emailOrId'))).fill(email);
  await page.getByLabel(exactLabel(text('login.password'))).fill(password);
  await page.getByRole('button', { name: text('login.submit'), exact: true }).click();
}

t.test('a wrong password filled at once is refused with the sign-in error, the e-mail kept', async (t) => {
  const member = await createActiveMember(stack);
  const page = await slowPhonePage();
  await fillAtOnce(page, member.email, 'Wrong-password-1');
  await page.locator('.alert--error[role="alert"]').waitFor({ timeout: 60_000 });
  t.equal(await page.getByLabel(exactLabel(text('login.emailOrId'))).inputValue(), member.email, 'the filled e-mail is still there');
  t.equal(await page.locator('.field__error').count(), 0, 'no "required" message: nothing filled was lost');
});

t.test('the right password filled at once signs the member in', async (t) => {
  const member = await createActiveMember(stack);
  const page = await slowPhonePage();
  await fillAtOnce(page, member.email, member.password);
  await page.waitForURL('**/en/my-account**', { timeout: 60_000 });
  t.pass('My account opens');
});
