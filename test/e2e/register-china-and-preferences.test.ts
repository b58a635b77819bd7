import t from 'tap';
import type { Page } from 'playwright-core';
import { openMemberStore } from '../../server/member-service/store/store.ts';
import { startStack, TEST_PASSWORD } from '../helper.ts';
import { findLink, waitForMail } from '../helpers/outbox.ts';
import { launchBrowser, newContext } from './browser.ts';
import { builtClientDir } from './client-build.ts';
import { exactLabel, textsOf } from './texts.ts';
import { consentWithoutNewsletter } from './register-form.ts';

const text = textsOf('en');

const checkbox = (page: Page, group: string, name: string) =>
  page.getByRole('group', { name: group }).getByRole('checkbox', { name, exact: true });
const chips = (page: Page, group: string) =>
  page
    .getByRole('group', { name: group })
    .getByRole('list', { name: text('common.selectedItems') })
    .getByRole('listitem')
    .locator('span');

t.test('China mobile-only registration, activation, and choosing preferences', async (t) => {
  const stack = await startStack(t, { env: { CLIENT_DIR: await builtClientDir() } });
  const browser = await launchBrowser(t);
  const page = await (await newContext(browser, stack.bffUrl)).newPage();
  const email = 'li@example.cn';

  await page.goto('/en/register');
  await page.getByLabel(exactLabel(text('register.firstName'))).fill('Li');
  await page.getByLabel(exactLabel(text('register.lastName'))).fill('Wei');
  await page.getByLabel(exactLabel(text('register.email'))).fill(email);
  await page.getByLabel(exactLabel(text('register.password'))).fill(TEST_PASSWORD);
  await page.getByLabel(exactLabel(text('register.confirmPassword'))).fill(TEST_PASSWORD);
  await page.getByLabel(exactLabel(text('register.companyName'))).fill('Shenzhen Edge Ltd');
  await page.getByRole('radio', { name: text('register.phoneChoice.phone') }).check();
  await page.getByRole('textbox', { name: text('register.telNo') }).fill('12345678');
  await page.getByLabel(exactLabel(text('register.country'))).selectOption({ value: 'China' });
  t.ok(await page.getByRole('radio', { name: text('register.phoneChoice.phone') }).isDisabled(), 'China: no phone number mode');
  t.ok(await page.getByRole('radio', { name: text('register.phoneChoice.mobile') }).isChecked(), 'mobile is chosen');
  t.equal(await page.getByRole('textbox', { name: text('register.telNo') }).count(), 0, 'the phone number fields are gone');
  t.equal(await page.getByLabel(exactLabel(text('register.mobileCountryCode'))).inputValue(), '86', 'the country code follows the country');
  await page.getByLabel(exactLabel(text('register.stateChina'))).selectOption({ value: 'Beijing' });
  const mobile = page.getByRole('textbox', { name: text('register.mobile') });
  await mobile.fill('1380013800');
  await mobile.blur();
  await page.getByText(text('error.MobileNumber11digits')).waitFor();
  await mobile.fill('13800138000');
  await consentWithoutNewsletter(page, text);
  await page.getByRole('button', { name: text('register.submit') }).click();
  await page.waitForURL('**/en/verify-your-email-address');
  const resend = page.getByRole('button', { name: text('activation.verify.resend') });
  t.ok(await resend.isDisabled(), 'resend waits for the countdown');
  await page.getByText(/You can resend the e-mail in \d+ s\./).waitFor();

  const store = await openMemberStore({ dataDir: stack.dataDir });
  t.teardown(() => store.close());
  t.match(await store.members.findByEmail(email), {
    country: 'China',
    state: 'Beijing',
    mobile_country_code: '86',
    mobile: '13800138000',
    tel_no: '',
  });

  const firstLink = findLink(await waitForMail(stack.dataDir, email), '/auth/activate-member/')!;
  // A link with a wrong token: the 'link expired' view, which sends a new mail to the link's owner.
  await page.goto(firstLink.replace(/activate-member\/[^/]+\//, 'activate-member/not-the-token/'));
  await page.getByRole('heading', { name: text('activation.errorPage.expiredTitle') }).waitFor();
  await page.getByRole('button', { name: text('activation.errorPage.resendVerification') }).click();
  await page.getByRole('heading', { name: text('activation.errorPage.sentTitle') }).waitFor();
  t.ok(await page.getByRole('button', { name: text('activation.verify.resend') }).isDisabled(), 'then a countdown before the next resend');
  const link = findLink(await waitForMail(stack.dataDir, email, { count: 2 }), '/auth/activate-member/')!;
  t.not(link, firstLink, 'a new link was mailed');
  await page.goto(link);
  await page.getByRole('heading', { name: text('activation.activate.successTitle') }).waitFor();
  await page.getByText(/Taking you back in \d seconds…/).waitFor();
  await page.waitForURL('**/en/redirect-page');
  await page.getByRole('heading', { name: text('activation.redirect.registeredTitle') }).waitFor();
  t.equal(
    await page
      .getByRole('navigation', { name: text('activation.redirect.explore') })
      .getByRole('link')
      .count(),
    4,
    'four places to go next',
  );

  await page.goto(link);
  await page.getByRole('heading', { name: text('activation.errorPage.activatedTitle') }).waitFor();
  t.pass('a used link says the address is already verified');
  await page.getByRole('link', { name: text('activation.errorPage.login') }).click();
  await page.waitForURL('**/en/login');
  await page.getByLabel(exactLabel(text('login.emailOrId'))).fill(email);
  await page.getByLabel(exactLabel(text('login.password'))).fill(TEST_PASSWORD);
  await page.getByRole('button', { name: text('login.submit'), exact: true }).click();
  await page.waitForURL('**/en/my-account**');

  await page.goto(`/en/choosing-preferring?callbackurl=${encodeURIComponent('/en/redirect-page')}`);
  await page.getByRole('heading', { name: text('preferring.title') }).waitFor();
  const products = text('preferring.products');
  const areas = text('preferring.areas');
  await checkbox(page, products, 'Edge AI').waitFor();
  await page.getByRole('button', { name: text('preferring.submit') }).click();
  t.equal(await page.getByText(text('error.QuestionRequired')).count(), 2, 'both questions are required');

  await checkbox(page, products, 'Embedded Boards & Modules').check();
  await page.getByRole('button', { name: text('common.expandItem', { item: 'Embedded Boards & Modules' }) }).click();
  const children = [
    'Computer-on-Modules (COM Express, SMARC, Qseven)',
    'Single Board Computers',
    'Industrial Motherboards',
    'Arm & RISC Platforms',
  ];
  for (const child of children) t.ok(await checkbox(page, products, child).isChecked(), `ticking the parent ticks ${child}`);
  t.same(
    await chips(page, products)
      .allInnerTexts()
      .then((list) => list.map((s) => s.trim())),
    ['Embedded Boards & Modules'],
    'one chip stands for the whole branch',
  );

  await checkbox(page, products, 'Single Board Computers').uncheck();
  t.notOk(await checkbox(page, products, 'Embedded Boards & Modules').isChecked(), 'a missing child unticks the parent');
  t.equal(await chips(page, products).count(), 3);
  await checkbox(page, products, 'Single Board Computers').check();
  t.ok(await checkbox(page, products, 'Embedded Boards & Modules').isChecked(), 'all children tick the parent');

  await page.getByRole('button', { name: text('common.removeItem', { item: 'Embedded Boards & Modules' }) }).click();
  for (const child of children) t.notOk(await checkbox(page, products, child).isChecked(), `removing the chip unticks ${child}`);
  t.equal(await chips(page, products).count(), 0);

  await checkbox(page, products, 'Edge AI').check();
  await page.getByRole('button', { name: text('common.expandItem', { item: 'Healthcare' }) }).click();
  await checkbox(page, areas, 'Medical Imaging').check();
  await page.getByRole('button', { name: text('preferring.submit') }).click();
  await page.waitForURL('**/en/redirect-page');
  const saved = await store.members.findByEmail(email);
  t.same(JSON.parse(saved!.in_products), [
    'edge-ai',
    'edge-ai.inference-systems',
    'edge-ai.accelerator-cards',
    'edge-ai.vision-cameras',
    'edge-ai.video-analytics',
  ]);
  t.same(JSON.parse(saved!.business_application_areas), ['healthcare.medical-imaging']);
  t.equal(saved!.preferring, 0);
});
