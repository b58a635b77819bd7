import t from 'tap';
import type { Page } from 'playwright-core';
import { openMemberStore } from '../../server/member-service/store/store.ts';
import { startStack, TEST_PASSWORD } from '../helper.ts';
import { startSiteverify } from '../helpers/siteverify.ts';
import { launchBrowser, newContext } from './browser.ts';
import { builtClientDir } from './client-build.ts';
import { exactLabel, textsOf } from './texts.ts';

const text = textsOf('en');
const RECAPTCHA_SCRIPT = 'https://www.google.com/recaptcha/api.js**';
const TURNSTILE_SCRIPT = 'https://challenges.cloudflare.com/turnstile/v0/api.js**';

/**
 * Google's widget stands in as a small script speaking the same API (render, reset, callback),
 * answering with tokens the local siteverify server accepts once each.
 */
function fakeWidget(global: 'grecaptcha' | 'turnstile', tokens: string[]): string {
  return `(() => {
    const tokens = ${JSON.stringify(tokens)};
    window.${global} = {
      render(container, options) {
        const button = document.createElement('button');
        button.type = 'button';
        button.textContent = "I'm not a robot (" + options.sitekey + ')';
        button.onclick = () => { button.textContent = 'Verified'; options.callback(tokens.shift()); };
        container.append(button);
        return 1;
      },
      reset() { const b = document.querySelector('.captcha__widget button'); if (b) b.textContent = "I'm not a robot (again)"; },
    };
  })();`;
}

async function fillAccount(page: Page, email: string) {
  await page.getByLabel(exactLabel(text('register.firstName'))).fill('Min');
  await page.getByLabel(exactLabel(text('register.lastName'))).fill('Kim');
  await page.getByLabel(exactLabel(text('register.email'))).fill(email);
  await page.getByLabel(exactLabel(text('register.password'))).fill(TEST_PASSWORD);
  await page.getByLabel(exactLabel(text('register.confirmPassword'))).fill(TEST_PASSWORD);
  await page.getByLabel(exactLabel(text('register.companyName'))).fill('Acme Industrial');
}

t.test('registering through the Korea and Turkey consent blocks, with the captcha', async (t) => {
  const google = await startSiteverify(t, 'google-secret');
  const turnstile = await startSiteverify(t, 'turnstile-secret');
  const stack = await startStack(t, {
    env: {
      CLIENT_DIR: await builtClientDir(),
      RECAPTCHA_SITE_KEY: 'site-key-1',
      RECAPTCHA_SECRET_KEY: 'google-secret',
      RECAPTCHA_VERIFY_URL: google.url,
      TURNSTILE_SITE_KEY: 'turnstile-key-1',
      TURNSTILE_SECRET_KEY: 'turnstile-secret',
      TURNSTILE_VERIFY_URL: turnstile.url,
      CHINESE_HOSTS: 'localhost',
    },
  });
  const browser = await launchBrowser(t);
  const context = await newContext(browser, stack.bffUrl);
  await context.route(RECAPTCHA_SCRIPT, (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: fakeWidget('grecaptcha', [google.issue(), google.issue(), google.issue(), google.issue()]),
    }),
  );
  await context.route(TURNSTILE_SCRIPT, (route) =>
    route.fulfill({ contentType: 'text/javascript', body: fakeWidget('turnstile', [turnstile.issue()]) }),
  );
  const page = await context.newPage();

  await page.goto('/en/register?utm_source=mail&regpurpose=trial');
  await page.getByRole('heading', { name: text('register.title') }).waitFor();
  const sampleButton = page.getByRole('button', { name: text('register.sampleNumbers.button') });
  await sampleButton.click();
  await page.getByRole('tooltip').getByText(text('register.sampleNumbers.selectCountryFirst')).waitFor();
  await sampleButton.click();

  await fillAccount(page, 'min@example.com');
  await page.getByLabel(exactLabel(text('register.country'))).selectOption({ value: 'South Korea' });
  await page.getByRole('radio', { name: text('register.phoneChoice.mobile') }).check();
  await page.getByRole('textbox', { name: text('register.mobile') }).fill('1020000000');
  await sampleButton.click();
  await page
    .getByRole('tooltip')
    .getByText(text('register.sampleNumbers.mobile', { number: '+82 10-2000-0000' }))
    .waitFor();
  t.pass('the tooltip shows real Korean sample numbers');

  const koreaTable = page.getByRole('table', { name: text('register.privacy.korea.tableCaption') });
  await koreaTable.getByText(text('register.privacy.korea.complaintRetention')).waitFor();
  const termsRow = page
    .locator('.consent__row')
    .filter({ has: page.getByRole('checkbox', { name: text('register.privacy.korea.terms') }) });
  t.equal(
    await termsRow.getByRole('link', { name: new RegExp(text('register.privacy.korea.termsLink')) }).textContent(),
    `${text('register.privacy.korea.termsView')} ${text('register.privacy.newTab')}`,
    'the terms are viewed from their own row',
  );
  t.equal(
    await page.locator('.consent--all .consent__option').evaluate((label) => getComputedStyle(label).fontWeight),
    '700',
    '"agree to all" stands out',
  );
  t.notMatch(
    await page.locator('.register-form').textContent(),
    /\u00a0\*/,
    'no required-field asterisk anywhere in the form, consents included',
  );
  await page.getByRole('checkbox', { name: text('register.privacy.korea.selectAll') }).check();
  t.ok(await page.getByRole('checkbox', { name: text('register.privacy.korea.terms') }).isChecked(), 'select-all ticks the terms');
  t.ok(
    await page.getByRole('checkbox', { name: text('register.privacy.korea.personalData') }).isChecked(),
    'and the personal-data consent',
  );
  t.ok(
    await page.getByRole('checkbox', { name: text('register.privacy.korea.marketing') }).isChecked(),
    'and the optional marketing e-mails',
  );

  await page.getByRole('button', { name: text('register.submit') }).click();
  await page.getByText(text('error.CaptchaRequired')).waitFor();
  t.pass('the captcha must be solved first');
  await page.getByRole('button', { name: /I'm not a robot \(site-key-1\)/ }).click();
  await page.getByRole('button', { name: text('register.submit') }).click();
  await page.waitForURL('**/en/verify-your-email-address');
  await page.getByText('min@example.com').waitFor();
  t.pass('Korea: registered');

  // Turkey: the country change resets the answers; the two consents and the notice links.
  await page.goto('/en/register');
  await fillAccount(page, 'ayse@example.com');
  const country = page.getByLabel(exactLabel(text('register.country')));
  await country.selectOption({ value: 'Germany' });
  const globalPolicy = page.getByRole('checkbox', { name: text('register.privacy.globalLegend') });
  await globalPolicy.check();
  await globalPolicy.uncheck();
  await page.getByText(text('register.privacy.agreeRequired')).waitFor();
  t.pass('taking back the global policy consent blocks the form');
  await country.selectOption({ value: 'Türkiye' });
  t.equal(await page.getByRole('checkbox', { name: text('register.privacy.globalLegend') }).count(), 0, 'the global consent is gone');
  await page.getByRole('link', { name: new RegExp(text('register.privacy.turkey.noticeLink')) }).waitFor();
  await page.getByRole('link', { name: new RegExp(text('register.privacy.turkey.clarificationLink')) }).waitFor();
  await page.getByRole('radio', { name: text('register.phoneChoice.phone') }).check();
  await page.getByRole('textbox', { name: text('register.telAreacode') }).fill('212');
  await page.getByRole('textbox', { name: text('register.telNo') }).fill('34567ab89');
  t.equal(await page.getByRole('textbox', { name: text('register.telNo') }).inputValue(), '3456789', 'phone inputs keep digits only');
  await page.getByRole('checkbox', { name: text('register.privacy.turkey.subscribeLegend') }).waitFor();
  t.equal(
    await page.getByRole('checkbox', { name: text('register.privacy.subscribeLegend') }).count(),
    0,
    'no second subscribe consent for Turkey',
  );
  await page.getByRole('button', { name: /I'm not a robot/ }).click();
  await page.getByRole('button', { name: text('register.submit') }).click();
  await page.getByText(text('register.privacy.agreeRequired')).first().waitFor();
  t.pass('the data-protection consent is required');
  await page.getByRole('checkbox', { name: text('register.privacy.turkey.policyLabel') }).check();
  await page.getByRole('button', { name: text('register.submit') }).click();
  await page.waitForURL('**/en/verify-your-email-address');
  t.pass('Turkey: registered');

  // Resend-verify-mail: prefilled from the query, the captcha answer goes with it.
  await page.goto('/en/resend-verify-mail?Email=ayse%40example.com');
  const address = page.getByLabel(exactLabel(text('activation.email')));
  await page.waitForFunction(() => document.querySelector<HTMLInputElement>('input[type=email]')?.value === 'ayse@example.com');
  t.equal(await address.inputValue(), 'ayse@example.com', 'the address comes from the query');
  await page.getByRole('button', { name: /I'm not a robot/ }).click();
  await page.getByRole('button', { name: text('activation.resend.submit'), exact: true }).click();
  await page.waitForURL('**/en/verify-your-email-address');
  await page.getByText('ayse@example.com').waitFor();
  t.pass('resend-verify-mail sent the mail and shows the address');

  // The Chinese site (a host of CHINESE_HOSTS) uses Turnstile.
  const chineseSite = new URL(stack.bffUrl);
  chineseSite.hostname = 'localhost';
  await page.goto(new URL('/zh-cn/resend-verify-mail?email=min%40example.com', chineseSite).href);
  await page.getByRole('button', { name: /I'm not a robot \(turnstile-key-1\)/ }).click();
  await page.getByRole('button', { name: textsOf('zh-cn')('activation.resend.submit'), exact: true }).click();
  await page.waitForURL('**/zh-cn/verify-your-email-address');
  t.equal(turnstile.calls.length, 1, 'the Chinese site: the answer was checked with Turnstile');

  const store = await openMemberStore({ dataDir: stack.dataDir });
  t.teardown(() => store.close());
  const korean = await store.members.findByEmail('min@example.com');
  const turkish = await store.members.findByEmail('ayse@example.com');
  t.same((await store.consents.list(korean!.id)).map((c) => c.consent).sort(), ['korea-personal-data', 'korea-terms', 'subscribe']);
  t.same(
    (await store.consents.list(turkish!.id)).map((c) => c.consent),
    ['turkey-policy'],
  );
  t.match(korean, { mobile: '1020000000', utm_source: 'mail', register_purpose: 'trial' });
  t.match(turkish, { tel_country_code: '90', tel_areacode: '212', tel_no: '3456789', is_subscribe: 0 });
  t.equal(google.calls.length, 3, 'each registration and the resend were verified with the provider');
});
