import t from 'tap';
import type { Page } from 'playwright-core';
import { crmSubscriptionId } from '../../server/member-service/crm/subscription-id.ts';
import { activationLinkFor, createActiveMember, startStack } from '../helper.ts';
import { launchBrowser, newContext } from './browser.ts';
import { builtClientDir } from './client-build.ts';
import { exactLabel, textsOf } from './texts.ts';

/** What each site variant changes on screen (spec section 1), and the confirm-subscription states. */
const stack = await startStack(t, { env: { CLIENT_DIR: await builtClientDir(), ALLOWED_CALLBACK_HOSTS: 'shop.example.com' } });
const browser = await launchBrowser(t);
const page: Page = await (await newContext(browser, stack.bffUrl)).newPage();
const text = textsOf('en');
const year = new Date().getFullYear();
const footer = () => page.getByRole('contentinfo');
const languagePicker = () => page.getByRole('combobox', { name: text('common.language') });

t.test('the default site and the language-dependent privacy policy', async (t) => {
  await page.goto('/en/login');
  await page.getByRole('heading', { name: text('login.title') }).waitFor();
  await footer().getByText(text('common.footer.copyright', { year })).waitFor();
  t.match(
    await footer()
      .getByRole('link', { name: text('common.footer.privacyPolicy') })
      .getAttribute('href'),
    /\/en\/legal\/privacy$/,
  );
  t.match(
    await footer()
      .getByRole('link', { name: text('common.footer.cookiePolicy') })
      .getAttribute('href'),
    /cookie-policy$/,
  );
  t.equal(await languagePicker().count(), 1);
  t.equal(await page.getByText(text('login.mya.text')).count(), 0, 'no announcement without pass=mya');
  t.equal(
    await page.getByRole('link', { name: text('common.brand') }).getAttribute('href'),
    'https://www.example.com/en',
    'the logo leads to the corporate site',
  );
  await page.goto('/en/login', { referer: 'https://shop.example.com/cart' });
  await page.getByRole('heading', { name: text('login.title') }).waitFor();
  await page.waitForSelector('a[href="https://shop.example.com/cart"]');
  t.pass('or back to the referring site, when the allow-list has it');
  await page.goto('/ja-jp/login');
  const ja = textsOf('ja-jp');
  t.match(
    await footer()
      .getByRole('link', { name: ja('common.footer.privacyPolicy') })
      .getAttribute('href'),
    /\/ja-jp\/legal\/privacy$/,
  );
});

t.test('iotmart (pass in any case): logo, home link, footer; company name optional', async (t) => {
  await page.goto('/en/register?pass=IoTMart-ANA');
  const logo = page.getByRole('link', { name: text('common.brandIotmart') });
  t.match(await logo.getAttribute('href'), /iotmart/);
  await footer().getByText(text('common.footer.copyrightIotmart', { year })).waitFor();
  t.equal(await page.getByLabel(exactLabel(text('register.companyName'))).getAttribute('aria-required'), null, 'company name not required');
  await page.goto('/en/register');
  t.equal(await page.getByLabel(exactLabel(text('register.companyName'))).getAttribute('aria-required'), 'true', 'required elsewhere');
});

t.test('aures: its own logo, links and footer, no language picker, GDPR contact on errors', async (t) => {
  await page.goto('/en/login?pass=aures');
  const logo = page.getByRole('link', { name: text('common.brandAures') });
  t.match(await logo.getAttribute('href'), /aures/);
  await footer().getByText(text('common.footer.copyrightAures', { year })).waitFor();
  t.match(
    await footer()
      .getByRole('link', { name: text('common.footer.privacyPolicy') })
      .getAttribute('href'),
    /aures/,
  );
  t.equal(await languagePicker().count(), 0, 'no language picker');
  await page.goto('/en/error?pass=AURES');
  await page.getByText(text('subscription.somethingwrong.gdprContact')).waitFor();
  t.pass('the error page gives the GDPR contact');
});

t.test('mya: the announcement on login; rma: VAT and address for Europe', async (t) => {
  await page.goto('/en/login?pass=mya');
  await page.getByText(text('login.mya.text')).waitFor();
  const numbers = page.getByRole('note').getByRole('link', { name: /^\+[0-9-]+$/ });
  t.equal(await numbers.count(), 3, 'the announcement shows the toll-free service-centre numbers');
  t.match(await numbers.first().getAttribute('href'), /^tel:\+\d+$/, 'each number can be called from a phone');
  await page.goto('/en/register?pass=rma');
  await page.getByLabel(exactLabel(text('register.country'))).selectOption({ value: 'Germany' });
  await page.getByLabel(exactLabel(text('register.VATNumber'))).waitFor();
  t.pass('VAT number for Germany with pass=rma');
  await page.getByLabel(exactLabel(text('register.country'))).selectOption({ value: 'Japan' });
  await page.getByLabel(exactLabel(text('register.VATNumber'))).waitFor({ state: 'detached' });
  await page.goto('/en/register');
  await page.getByLabel(exactLabel(text('register.country'))).selectOption({ value: 'Germany' });
  await page
    .getByLabel(exactLabel(text('register.state')))
    .or(page.getByRole('radio', { name: text('register.phoneChoice.mobile') }))
    .first()
    .waitFor();
  t.equal(await page.getByLabel(exactLabel(text('register.VATNumber'))).count(), 0, 'not without pass=rma');
});

async function subscriptionLink(): Promise<string> {
  const member = await createActiveMember(stack);
  const link = await activationLinkFor(stack.dataDir, member.email);
  return crmSubscriptionId({ public_id: link!.userId, email: member.email }, stack.memberServiceConfig.crmHashKey);
}

t.test('confirm subscription: every state', async (t) => {
  await page.goto('/en/confirm-subscription?UID=not-a-member&PP=2024-05');
  await page.getByRole('heading', { name: text('subscription.somethingwrong.title') }).waitFor();
  await page.getByText(text('subscription.somethingwrong.contact')).waitFor();
  await page.goto('/en/confirm-subscription?UID=not-a-member&PP=2024-05&pass=aures');
  await page.getByText(text('subscription.somethingwrong.gdprContact')).waitFor();
  t.pass('somethingwrong, with the GDPR contact for aures');

  const uid = await subscriptionLink();
  await page.goto(`/en/confirm-subscription?uid=${encodeURIComponent(uid)}&pp=2024-05`);
  await page.getByRole('heading', { name: text('subscription.ok.title') }).waitFor();
  await page.getByText(/me\*\*\*@example\.com/).waitFor();
  await page.getByRole('button', { name: text('subscription.ok.subscribe') }).click();
  await page.getByRole('heading', { name: text('subscription.compelete.title') }).waitFor();
  await page.getByRole('link', { name: text('subscription.login') }).waitFor();
  t.pass('ok, then compelete after subscribing');

  await page.goto(`/en/confirm-subscription?UID=${encodeURIComponent(uid)}&PP=2024-05&pass=aures`);
  await page.getByRole('heading', { name: text('subscription.preferring.title') }).waitFor();
  t.match(
    await page.getByRole('link', { name: text('subscription.preferring.explore') }).getAttribute('href'),
    /aures/,
    'preferring: Explore leads to the aures site',
  );

  await page.goto(`/en/confirm-subscription?UID=${encodeURIComponent(await subscriptionLink())}&PP=2024-05`);
  await page.getByRole('button', { name: text('subscription.ok.skip') }).click();
  await page.getByRole('heading', { name: text('subscription.skip.title') }).waitFor();
  await page.getByText(text('subscription.skip.text')).waitFor();
  t.pass('skip');
});
