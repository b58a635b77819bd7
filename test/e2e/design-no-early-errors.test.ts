import t from 'tap';
import { createActiveMember, startStack } from '../helper.ts';
import { settle } from './axe.ts';
import { launchBrowser, newContext } from './browser.ts';
import { builtClientDir } from './client-build.ts';
import { shownErrors } from './layout-checks.ts';
import { exactLabel, textsOf } from './texts.ts';

/**
 * A form never greets anyone with errors: not on opening (login, register, My profile of a member
 * who has chosen no products or areas yet), and not for a field the visitor only passed through.
 */
const stack = await startStack(t, { env: { CLIENT_DIR: await builtClientDir() } });
const browser = await launchBrowser(t);

for (const lang of ['en', 'ko-kr'] as const) {
  t.test(`${lang}: login, register and a new member's My profile open without errors`, async (t) => {
    const text = textsOf(lang);
    const page = await (await newContext(browser, stack.bffUrl)).newPage();

    await page.goto(`/${lang}/login`);
    await settle(page);
    t.same(await shownErrors(page), [], 'login');
    // The e-mail field has the focus; passing through both fields without typing marks nothing.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    t.same(await shownErrors(page), [], 'login after tabbing through the empty fields');
    await page.getByRole('button', { name: text('login.code.switch') }).click();
    await page.getByRole('button', { name: text('login.code.getCode') }).waitFor();
    t.same(await shownErrors(page), [], 'login in code mode');

    await page.goto(`/${lang}/register`);
    await settle(page);
    t.same(await shownErrors(page), [], 'register');
    await page.getByLabel(exactLabel(text('register.firstName'))).focus();
    await page.getByLabel(exactLabel(text('register.email'))).focus();
    await page.getByLabel(exactLabel(text('register.country'))).selectOption({ value: 'Germany' });
    t.same(await shownErrors(page), [], 'register after passing through fields and choosing a country');

    const member = await createActiveMember(stack);
    await page.goto(`/${lang}/login`);
    await page.getByLabel(exactLabel(text('login.emailOrId'))).fill(member.email);
    await page.getByLabel(exactLabel(text('login.password'))).fill(member.password);
    await page.getByRole('button', { name: text('login.submit'), exact: true }).click();
    await page.waitForURL(new RegExp(`/${lang}/(my-account|choosing-preferring)`));
    await page.goto(`/${lang}/my-account`);
    await page
      .getByRole('group', { name: new RegExp(text('account.profile.productsOfInterest')) })
      .getByRole('checkbox')
      .first()
      .waitFor();
    await settle(page);
    t.same(await shownErrors(page), [], "a new member's My profile (no products or areas chosen yet)");

    // Once asked to save, the questions still open are marked.
    await page.getByLabel(exactLabel(text('account.profile.companyName'))).fill('Difference Engines Ltd');
    await page.getByRole('button', { name: text('account.profile.save') }).click();
    await page.getByText(text('error.QuestionRequired')).first().waitFor();
    t.ok((await shownErrors(page)).length > 0, 'saving shows what is still required');
  });
}
