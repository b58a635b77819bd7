import t from 'tap';
import type { Page } from 'playwright-core';
import { createActiveMember, createClient, startStack, type Stack } from '../helper.ts';
import { launchBrowser, newContext } from './browser.ts';
import { builtClientDir } from './client-build.ts';

interface Teardown {
  teardown(fn: () => unknown): void;
}

/** Real member service, real portal, the built client, Chromium: the login, profile and sign-out screens. */
async function startPortal(t: Teardown) {
  const stack = await startStack(t, { env: { CLIENT_DIR: await builtClientDir() } });
  const browser = await launchBrowser(t);
  return { stack, browser };
}

/** Console errors such as CSP refusals would mean the page broke the security headers. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !/status of 401/.test(message.text())) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

async function signInThroughForm(page: Page, email: string, password: string) {
  await page.getByLabel('E-mail or account ID').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function apiMember(stack: Stack, email: string, password: string) {
  const client = createClient(stack.bffUrl);
  await client.post('/api/Member/Login', { userId: email, password });
  return (await client.get('/api/Member')).body.data;
}

t.test('login, My Profile and sign-out in a browser', async (t) => {
  const { stack, browser } = await startPortal(t);
  const member = await createActiveMember(stack);
  const context = await newContext(browser, stack.bffUrl, 'ja-JP');
  const page = await context.newPage();
  const errors = collectErrors(page);

  await page.goto('/');
  await page.getByRole('heading', { name: 'ログイン' }).waitFor();
  t.match(page.url(), /\/ja-jp\/login$/, 'the browser language picks the starting language');
  t.equal(await page.evaluate(() => document.documentElement.lang), 'ja');

  await page.getByLabel('言語').selectOption('en');
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  t.match(page.url(), /\/en\/login$/, 'switching language rewrites the path');
  t.equal(await page.evaluate(() => document.documentElement.lang), 'en');

  await page.goto('/en/my-account?pass=x');
  await page.waitForURL(/\/en\/login\?pass=x$/);
  t.pass('my-account without a session goes to login, keeping the query');

  await page.getByRole('button', { name: 'Sign in' }).click();
  t.equal(await page.locator('[aria-invalid="true"]').count(), 2, 'both empty fields are marked invalid');
  t.match(await page.locator('.field__error').allTextContents(), [
    'Please enter an e-mail address or account ID.',
    'Please enter a password.',
  ]);

  await signInThroughForm(page, member.email, 'Wrong1234');
  t.match(await page.getByRole('alert').filter({ hasText: 'incorrect' }).innerText(), /Incorrect e-mail, account ID or password/);

  await signInThroughForm(page, member.email, member.password);
  await page.waitForURL(/\/en\/my-account\?pass=x$/);
  await page.getByRole('heading', { name: 'My profile' }).waitFor();
  t.equal(await page.getByLabel('First name').inputValue(), 'Ada');
  const save = page.getByRole('button', { name: 'Save' });
  t.ok(await save.isDisabled(), 'Save waits for a change');

  await page.getByLabel('First name').fill('');
  await page.getByLabel('First name').blur();
  t.equal(await page.getByText('Please enter your first name.').count(), 1, 'validated on every change, shown once the field is left');
  await page.getByLabel('First name').fill('Augusta');
  t.notOk(await save.isDisabled());
  await page.getByRole('button', { name: 'Undo' }).click();
  t.equal(await page.getByLabel('First name').inputValue(), 'Ada', 'Undo goes back to the loaded values');

  await page.getByLabel('First name').fill('Augusta');
  await save.click();
  t.equal(await page.getByText('This question is required.').count(), 2, 'a new member has chosen no products or areas yet');
  t.ok(await page.evaluate(() => document.activeElement?.tagName === 'LEGEND'), 'Save with errors moves focus to the first one');

  const products = page.getByRole('group', { name: 'Products of interest' });
  await products.getByRole('checkbox', { name: 'Embedded Boards & Modules' }).check();
  await products.getByRole('button', { name: 'Show the options under Embedded Boards & Modules' }).click();
  const children = products.getByRole('list').nth(2).getByRole('checkbox');
  t.ok(
    (await children.count()) > 1 && (await children.evaluateAll((boxes) => boxes.every((box) => (box as HTMLInputElement).checked))),
    'ticking a parent ticks its children',
  );
  await children.first().uncheck();
  t.notOk(await products.getByRole('checkbox', { name: 'Embedded Boards & Modules' }).isChecked(), 'unticking a child unticks the parent');
  await children.first().check();
  t.ok(await products.getByRole('checkbox', { name: 'Embedded Boards & Modules' }).isChecked(), 'all children ticked ticks the parent');
  t.same(await products.locator('.chip span').allTextContents(), ['Embedded Boards & Modules'], 'one chip stands for the parent');
  await products.getByRole('button', { name: 'Remove Embedded Boards & Modules' }).click();
  t.equal(await products.getByRole('checkbox', { checked: true }).count(), 0, 'removing the chip removes its children');
  await products.getByRole('checkbox', { name: 'Embedded Boards & Modules' }).check();
  await page.getByRole('group', { name: 'Business application areas' }).getByRole('checkbox', { name: 'Factory Automation' }).check();

  await page.getByLabel('Mobile number').fill('151-2345 6780');
  t.equal(await page.getByLabel('Mobile number').inputValue(), '15123456780', 'phone inputs keep digits only');
  await save.click();
  await page.getByRole('status').filter({ hasText: 'Profile saved.' }).waitFor();
  await page.waitForFunction(() => (document.querySelector('button[type=submit]') as HTMLButtonElement | null)?.disabled === true);
  t.pass('after saving, the saved values are the new baseline');
  const saved = await apiMember(stack, member.email, member.password);
  t.equal(saved.firstName, 'Augusta');
  t.equal(saved.mobile, '15123456780');
  t.ok(saved.inProducts.includes('embedded-boards') && saved.businessApplicationAreas.includes('factory-automation'));

  await page.getByRole('link', { name: 'Sign out' }).click();
  await page.waitForURL(/\/en\/login$/);
  await page.goto('/en/my-account');
  await page.waitForURL(/\/en\/login$/);
  t.pass('signed out for real');
  t.same(errors, [], 'no console errors (CSP included)');
});

t.test('choosing a country fills the phone codes, and a lost session shows the logout modal', async (t) => {
  const { stack, browser } = await startPortal(t);
  const member = await createActiveMember(stack);
  const context = await newContext(browser, stack.bffUrl, 'en-US', true);
  const page = await context.newPage();
  const errors = collectErrors(page);

  await page.goto('/en/login');
  await signInThroughForm(page, member.email, member.password);
  await page.getByRole('heading', { name: 'My profile' }).waitFor();
  t.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'nothing overflows a 375-pixel screen');

  await page.getByLabel('Country/Region').selectOption('United States');
  t.ok(await page.getByLabel('State/Province').isVisible(), 'a country with states shows the state dropdown');
  t.equal(await page.getByText('Please select your state/province.').count(), 0, 'the new state field shows no error before it is used');
  const codes = [page.getByLabel('Phone country code'), page.getByLabel('Mobile country code')];
  t.same([await codes[0]!.inputValue(), await codes[1]!.inputValue()], ['1', '1'], 'both country codes follow the country');

  await page.getByLabel('Country/Region').selectOption('China');
  t.notOk(await page.getByLabel('Area code').isVisible(), 'China hides the telephone');

  await context.clearCookies();
  await page.getByRole('checkbox', { name: 'Embedded Boards & Modules' }).check();
  await page.getByRole('checkbox', { name: 'Factory Automation' }).check();
  await page.getByLabel('State/Province').selectOption({ index: 1 });
  await page.getByLabel('Mobile number').fill('13812345678');
  await page.getByRole('button', { name: 'Save' }).click();
  const modal = page.getByRole('alertdialog', { name: 'Signed out' });
  await modal.waitFor();
  await page.mouse.click(5, 5);
  await page.waitForURL(/\/en\/login$/);
  t.equal(await modal.count(), 0, 'any click closes the modal and goes to login');
  t.same(errors, []);
});

t.test('a server failure behind the portal leads to the error page', async (t) => {
  const { stack, browser } = await startPortal(t);
  const page = await (await newContext(browser, stack.bffUrl, 'es-ES')).newPage();
  await page.goto('/es-es/login');
  await page.getByRole('heading', { name: 'Iniciar sesión' }).waitFor();
  await stack.apps.memberService.close();
  await page.getByLabel('Correo electrónico o ID de cuenta').fill('someone@example.com');
  await page.getByLabel(/^Contraseña/).fill('Secret123');
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await page.waitForURL(/\/es-es\/error$/);
  t.pass('502 from the portal: /{lang}/error');
});
