import t from 'tap';
import { settle } from './axe.ts';
import { startSocialStack } from './axe-journey.ts';
import { launchBrowser } from './browser.ts';
import { breaksInsideWords, checkPhoneLayout, contextAt } from './layout-checks.ts';
import { exactLabel, textsOf } from './texts.ts';

/**
 * The signed-out screens on a 360-pixel phone, in a long language and CJK ones: nothing scrolls
 * sideways and every control is a 44-pixel target, with messages, tips and dialogs open too. One
 * stack and one browser for all (each test its own context): booting them is most of the cost.
 * The signed-in screens are in design-phone-signed-in.test.ts, so that two jobs can share them.
 */
// Many screens in one real browser: more than the default two minutes on a busy machine.
t.setTimeout(480_000);
// Social providers configured, so the login and Connected accounts show their buttons.
const stack = await startSocialStack(t);
const browser = await launchBrowser(t);

// Signed out.

const SCREENS = [
  'login',
  'login?pass=mya',
  'register',
  'forgot-password',
  'reset-password',
  'verify-your-email-address',
  'resend-verify-mail',
  'password-reset-link-expired',
  'redirect-page',
  'confirm-subscription',
  'error',
  'error?error=unauthorized&userId=someone%40example.com',
];

for (const lang of ['es-es', 'ja-jp', 'zh-tw'] as const) {
  t.test(`signed out: ${lang} at 360 pixels`, async (t) => {
    const text = textsOf(lang);
    const page = await (await contextAt(browser, stack, 360)).newPage();
    for (const screen of SCREENS) {
      await page.goto(`/${lang}/${screen}`);
      await settle(page);
      await checkPhoneLayout(t, page, screen);
    }
    if (lang === 'ja-jp') {
      await page.goto(`/${lang}/register`);
      await settle(page);
      t.same(
        await breaksInsideWords(page, '.register-page__benefits li, .field__hint', 'ja'),
        [],
        'register: Japanese lines wrap between phrases, never inside a word',
      );
    }
    await page.goto(`/${lang}/login`);
    await page.getByRole('button', { name: text('login.code.switch') }).click();
    await page.getByRole('button', { name: text('login.code.getCode') }).waitFor();
    await checkPhoneLayout(t, page, 'login, code mode');

    // The privacy blocks of these countries bring their own texts, a table and more consents.
    await page.goto(`/${lang}/register`);
    for (const country of ['South Korea', 'Japan', 'Türkiye']) {
      await page.getByLabel(exactLabel(text('register.country'))).selectOption({ value: country });
      await page.getByRole('button', { name: text('register.submit') }).click();
      await page.locator('[aria-invalid="true"]').first().waitFor();
      await checkPhoneLayout(t, page, `register for ${country}, with its consents asked for`);
      const boxes = await page
        .locator('input[type="checkbox"][aria-invalid="true"]')
        .evaluateAll((inputs) => inputs.map((input) => `${Math.round(input.clientWidth)}x${Math.round(input.clientHeight)}`));
      t.ok(
        boxes.length > 0 && boxes.every((box) => box === '20x20'),
        `register for ${country}: each required consent left unticked is a 20-pixel box (${boxes.join(', ')})`,
      );
    }

    await page.goto(`/${lang}/register`);
    await page.getByLabel(exactLabel(text('register.country'))).selectOption({ value: 'Germany' });
    await page.getByRole('button', { name: text('register.submit') }).click();
    await page.locator('[aria-invalid="true"]').first().waitFor();
    await checkPhoneLayout(t, page, 'register with every message shown');
    await page.getByRole('button', { name: text('register.sampleNumbers.button') }).click();
    await page.getByRole('tooltip').waitFor();
    await checkPhoneLayout(t, page, 'register with the sample numbers open');
    await page.context().close();
  });
}
