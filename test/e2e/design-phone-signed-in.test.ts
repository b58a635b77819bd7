import t from 'tap';
import type { BrowserContext, Page } from 'playwright-core';
import { createActiveMember } from '../helper.ts';
import { settle } from './axe.ts';
import { startSocialStack } from './axe-journey.ts';
import { launchBrowser } from './browser.ts';
import { checkPhoneLayout, contextAt } from './layout-checks.ts';
import { signInByApi } from './sign-in-by-api.ts';
import { exactLabel, textsOf } from './texts.ts';

/**
 * The signed-in screens on a 360-pixel phone, in a long language and a CJK one: nothing scrolls
 * sideways and every control is a 44-pixel target, with messages and dialogs open too; and a
 * header that is one row of the same height signed in or out, on a phone and on a desktop. The
 * login form is not the subject here: members sign in through the portal's API.
 */
// Many screens in one real browser: more than the default two minutes on a busy machine.
t.setTimeout(480_000);
// Social providers configured, so the login and Connected accounts show their buttons.
const stack = await startSocialStack(t);
const browser = await launchBrowser(t);

const headerHeight = (page: Page) => page.locator('.site-header').evaluate((el) => el.getBoundingClientRect().height);

/** Signs a new member in for the context; the page then shows a signed-in screen. */
async function signIn(context: BrowserContext, lang: 'en' | 'es-es' | 'ja-jp') {
  // A long address (sign-in IDs go up to 50 characters): shown on a screen, it must wrap, not widen the page.
  const member = await createActiveMember(stack, `gracebrewsterhopper${lang.replace('-', '')}${Date.now() % 1e4}@yale.example.com`);
  await signInByApi(context, member);
}

/** How far, in pixels, the phone's section menu fades out at each edge. */
const menuFades = (page: Page) =>
  page.locator('.account__menu ul').evaluate(async (list) => {
    // The fade follows the scroll position on the next frame.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const style = getComputedStyle(list);
    return { left: parseFloat(style.getPropertyValue('--menu-fade-left')), right: parseFloat(style.getPropertyValue('--menu-fade-right')) };
  });

for (const lang of ['es-es', 'ja-jp'] as const) {
  t.test(`signed in: ${lang} at 360 pixels`, async (t) => {
    const text = textsOf(lang);
    const page = await (await contextAt(browser, stack, 360)).newPage();
    await page.goto(`/${lang}/login`);
    await settle(page);
    const signedOut = await headerHeight(page);
    t.equal(signedOut, 64, 'the header is one row of 64 pixels');
    await signIn(page.context(), lang);

    for (const screen of ['my-account', 'change-password', 'choosing-preferring']) {
      await page.goto(`/${lang}/${screen}`);
      await settle(page);
      if (screen === 'my-account') {
        await page.getByRole('link', { name: text('common.signOut') }).waitFor();
        t.equal(await headerHeight(page), signedOut, 'signed in, with the sign-out button, it keeps its height');
      }
      await checkPhoneLayout(t, page, screen);
    }
    await page.goto(`/${lang}/my-account`);
    await settle(page);
    // A member with nothing chosen yet saves a change: the focus goes to the first unanswered
    // question, and its message is on screen with it, not below a list taller than the phone.
    await page.getByLabel(exactLabel(text('account.profile.firstName'))).fill('Augusta');
    await page
      .locator('#my-profile')
      .getByRole('button', { name: text('account.profile.save') })
      .click();
    const question = page.locator('.checkbox-tree.is-invalid').first();
    await question.locator('legend:focus').waitFor();
    t.ok(
      await question.locator('.field__error').evaluate((message) => {
        const box = message.getBoundingClientRect();
        return box.top >= 0 && box.bottom <= innerHeight;
      }),
      'saving with a question unanswered shows its message where the focus lands',
    );
    await page.goto(`/${lang}/my-account`);
    await settle(page);
    t.same(await menuFades(page), { left: 0, right: 40 }, 'the section menu fades at its right edge, where more pills lie');
    await page.locator('.account__menu ul').evaluate((list) => list.scrollTo({ left: list.scrollWidth, behavior: 'instant' }));
    await page.waitForFunction(() => document.querySelector('.account__menu ul')!.scrollLeft > 0);
    t.same(await menuFades(page), { left: 40, right: 0 }, 'scrolled to its end, it fades at its left edge only');
    await page.getByRole('button', { name: text('account.delete.button'), exact: true }).click();
    await page.getByRole('alertdialog').waitFor();
    await checkPhoneLayout(t, page, 'my-account with the delete dialog open');
    await page.context().close();
  });
}

t.test('on a desktop the header keeps its height too', async (t) => {
  const page = await (await contextAt(browser, stack, 1280)).newPage();
  await page.goto('/en/login');
  await settle(page);
  const signedOut = await headerHeight(page);
  await signIn(page.context(), 'en');
  await page.goto('/en/my-account');
  await settle(page);
  await page.getByRole('link', { name: textsOf('en')('common.signOut') }).waitFor();
  t.equal(await headerHeight(page), signedOut, `${signedOut} pixels either way`);
  t.equal(
    await page.locator('.account__menu ul').evaluate((list) => getComputedStyle(list).maskImage),
    'none',
    'the side menu does not fade',
  );
  await page.context().close();
});
