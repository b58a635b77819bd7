import t from 'tap';
import { createActiveMember, startStack } from '../helper.ts';
import { launchBrowser, newContext } from './browser.ts';
import { builtClientDir } from './client-build.ts';
import { exactLabel, textsOf } from './texts.ts';

/** The sign-in card as a visitor meets it: focus, what survives a mode switch or a refusal, the eye, the social buttons. */
const stack = await startStack(t, {
  env: {
    CLIENT_DIR: await builtClientDir(),
    // Configured (never called here): the login screen offers the three providers.
    GOOGLE_CLIENT_ID: 'design-google',
    GOOGLE_CLIENT_SECRET: 'design-google-secret',
    FACEBOOK_APP_ID: 'design-facebook',
    FACEBOOK_APP_SECRET: 'design-facebook-secret',
    LINKEDIN_CLIENT_ID: 'design-linkedin',
    LINKEDIN_CLIENT_SECRET: 'design-linkedin-secret',
  },
});
const browser = await launchBrowser(t);
const text = textsOf('en');
const isFocused = (locator: { evaluate: (fn: (el: Element) => boolean) => Promise<boolean> }) =>
  locator.evaluate((el) => el === document.activeElement);

t.test('the e-mail field has the focus on load, and what was typed goes along to code sign-in and back', async (t) => {
  const page = await (await newContext(browser, stack.bffUrl)).newPage();
  await page.goto('/en/login');
  const email = page.getByLabel(exactLabel(text('login.emailOrId')));
  await page.getByRole('button', { name: text('login.submit'), exact: true }).waitFor();
  await page.waitForFunction(() => document.activeElement?.tagName === 'INPUT');
  t.ok(await isFocused(email), 'the e-mail field is focused');

  await email.fill('ada@example.com');
  await page.getByRole('button', { name: text('login.code.switch') }).click();
  await page.getByRole('button', { name: text('login.code.getCode') }).waitFor();
  t.equal(await email.inputValue(), 'ada@example.com', 'code mode keeps the typed e-mail');
  t.ok(await isFocused(email), 'and focuses it');
  await email.fill('ada.lovelace@example.com');
  await page.getByRole('button', { name: text('login.code.backToPassword') }).click();
  await page.getByRole('button', { name: text('login.submit'), exact: true }).waitFor();
  t.equal(await email.inputValue(), 'ada.lovelace@example.com', 'and so does password mode on the way back');
});

t.test('a refused password is cleared and its field focused, without a "required" message', async (t) => {
  const member = await createActiveMember(stack);
  const page = await (await newContext(browser, stack.bffUrl)).newPage();
  await page.goto('/en/login');
  const password = page.getByLabel(exactLabel(text('login.password')));
  await page.getByLabel(exactLabel(text('login.emailOrId'))).fill(member.email);
  await password.fill('Wrong-password-1');
  await page.getByRole('button', { name: text('login.submit'), exact: true }).click();
  await page.locator('.alert--error[role="alert"]').waitFor();
  await page.waitForFunction(() => (document.querySelector('input[name="password"]') as HTMLInputElement | null)?.value === '');
  t.equal(await password.inputValue(), '', 'the wrong password is gone');
  t.ok(await isFocused(password), 'the password field waits for the next try');
  t.equal(await password.getAttribute('aria-invalid'), null, 'and shows no error of its own');
  t.equal(await page.getByLabel(exactLabel(text('login.emailOrId'))).inputValue(), member.email, 'the e-mail stays');
});

t.test('the show-password eye sits inside the field and shows what was typed', async (t) => {
  const page = await (await newContext(browser, stack.bffUrl)).newPage();
  await page.goto('/en/login');
  const password = page.getByLabel(exactLabel(text('login.password')));
  await password.fill('Secret-1');
  const eye = page.getByRole('button', { name: text('common.showPassword') });
  const [field, button] = [await password.boundingBox(), await eye.boundingBox()];
  t.ok(field && button, 'both drawn');
  t.ok(button!.x >= field!.x && button!.x + button!.width <= field!.x + field!.width + 0.5, 'the eye is within the field horizontally');
  t.ok(button!.y >= field!.y - 0.5 && button!.y + button!.height <= field!.y + field!.height + 0.5, 'and vertically');
  t.ok(button!.width >= 44 && button!.height >= 44, 'and is a 44-pixel target');
  await eye.click();
  t.equal(await password.getAttribute('type'), 'text', 'pressed, it shows the password');
  await page.getByRole('button', { name: text('common.hidePassword') }).click();
  t.equal(await password.getAttribute('type'), 'password', 'and hides it again');
});

t.test('social buttons are neutral with each provider\'s coloured mark, above the form after an "or" divider', async (t) => {
  for (const scheme of ['light', 'dark'] as const) {
    const context = await browser.newContext({ baseURL: stack.bffUrl, colorScheme: scheme });
    const page = await context.newPage();
    await page.goto('/en/login');
    const group = page.getByRole('group', { name: text('social.buttonsLabel') });
    await group.getByRole('button').first().waitFor();
    const order = await page.evaluate(() => {
      const divider = document.querySelector('.divider');
      const group = document.querySelector('.social-buttons');
      const submit = document.querySelector('button[type="submit"]');
      return {
        divider: divider?.textContent,
        before: Boolean(
          submit && divider && group && group.compareDocumentPosition(divider) & 4 && divider.compareDocumentPosition(submit) & 4,
        ),
        primary: getComputedStyle(submit!).backgroundColor,
      };
    });
    t.equal(order.divider, text('social.or'), `${scheme}: the divider says "or"`);
    t.ok(order.before, `${scheme}: the providers, then the divider, then the form and its Sign in`);
    const styles: Record<string, { background: string; marks: number }> = {};
    for (const provider of ['google', 'facebook', 'linkedin'] as const) {
      const button = group.getByRole('button', { name: text(`social.continueWith.${provider}`) });
      styles[provider] = await button.evaluate((el) => ({
        background: getComputedStyle(el).backgroundColor,
        marks: el.querySelectorAll('svg.social-icon').length,
      }));
      t.equal(styles[provider]!.marks, 1, `${scheme}: ${provider} shows its mark`);
    }
    t.equal(styles.facebook!.background, styles.google!.background, `${scheme}: Facebook as neutral as Google`);
    t.equal(styles.linkedin!.background, styles.google!.background, `${scheme}: and LinkedIn`);
    t.not(styles.google!.background, order.primary, `${scheme}: none of them looks like the primary Sign in`);
    await context.close();
  }
});

t.test('the sign-in card is about 400 pixels wide on a desktop', async (t) => {
  const page = await (await newContext(browser, stack.bffUrl)).newPage();
  await page.goto('/en/login');
  // The painted screen is replaced by the app's own once it starts: measure the card that stays.
  await page.waitForFunction(() => (document.querySelector('section.card')?.getBoundingClientRect().width ?? 0) > 0);
  const width = await page.evaluate(() => document.querySelector('section.card')!.getBoundingClientRect().width);
  t.ok(width >= 380 && width <= 420, `the card is ${width}px wide`);
});
