import t from 'tap';
import type { Page } from 'playwright-core';
import type { Language } from '../../shared/languages.ts';
import { createActiveMember, startStack } from '../helper.ts';
import { findLink, waitForMail } from '../helpers/outbox.ts';
import { launchBrowser, newContext } from './browser.ts';
import { builtClientDir } from './client-build.ts';
import { exactLabel, textsOf } from './texts.ts';

const NEW_PASSWORD = 'Zebra-Lantern42';

async function signInOnPage(page: Page, lang: Language, email: string, password: string) {
  const text = textsOf(lang);
  await page.goto(`/${lang}/login`);
  await page.getByLabel(exactLabel(text('login.emailOrId'))).fill(email);
  await page.getByLabel(exactLabel(text('login.password'))).fill(password);
  await page.getByRole('button', { name: text('login.submit') }).click();
  await page.waitForURL(`**/${lang}/my-account**`);
}

t.test('password screens in a real browser', async (t) => {
  const stack = await startStack(t, { env: { CLIENT_DIR: await builtClientDir() } });
  const browser = await launchBrowser(t);

  await t.test('forgot password, the mail from the outbox, a new password, sign in with it (en)', async (t) => {
    const lang: Language = 'en';
    const text = textsOf(lang);
    const member = await createActiveMember(stack);
    const page = await (await newContext(browser, stack.bffUrl, 'en-US')).newPage();

    await page.goto(`/${lang}/login`);
    await page.getByRole('link', { name: text('login.forgotPassword') }).click();
    await page.waitForURL(`**/${lang}/forgot-password`);
    await page.getByLabel(exactLabel(text('password.forgot.email'))).fill('nobody-here@example.com');
    await page.getByRole('button', { name: text('password.forgot.submit') }).click();
    await page.getByText(text('password.forgot.notFound')).waitFor();
    t.ok(await page.getByRole('link', { name: text('password.forgot.createAccount') }).isVisible(), 'an unknown address is offered registration');
    await page.getByRole('button', { name: text('password.forgot.tryAnother') }).click();
    const email = page.getByLabel(exactLabel(text('password.forgot.email')));
    t.equal(await email.inputValue(), '', 'trying another address starts with an empty field');

    await email.fill(member.email);
    await page.getByRole('button', { name: text('password.forgot.submit') }).click();
    await page.waitForURL(`**/${lang}/reset-password`);
    await page.getByText(member.email).waitFor();
    t.pass('the notice names the address the mail went to');

    const mail = await waitForMail(stack.dataDir, member.email, { count: 2 });
    const link = findLink(mail, '/auth/verify-email/');
    t.ok(link?.startsWith(`${stack.bffConfig.publicOrigin}/${lang}/auth/verify-email/`), `the mail links to the portal: ${link}`);
    await page.goto(link!);
    await page.waitForURL(`**/${lang}/change-password?**`);
    await page.getByRole('heading', { name: text('password.change.title') }).waitFor();
    t.equal(await page.getByLabel(exactLabel(text('password.change.currentPassword'))).count(), 0, 'no current password by link');

    const submit = page.getByRole('button', { name: text('password.change.submit') });
    t.ok(await submit.isDisabled(), 'submit waits for a valid form');
    await page.getByLabel(exactLabel(text('password.change.newPassword'))).fill('Password1');
    await page.getByLabel(exactLabel(text('password.change.confirmPassword'))).fill('Password1');
    await submit.click();
    await page.getByText(text('error.PasswordTooCommon')).waitFor();
    t.pass('a common password is refused with its own message');

    await page.getByLabel(exactLabel(text('password.change.newPassword'))).fill(NEW_PASSWORD);
    await page.getByLabel(exactLabel(text('password.change.confirmPassword'))).fill(NEW_PASSWORD);
    await submit.click();
    await page.waitForURL(`**/${lang}/password-changed`);
    await page.getByRole('link', { name: text('password.changed.loginNow') }).click();
    await page.waitForURL(`**/${lang}/login`);
    await signInOnPage(page, lang, member.email, NEW_PASSWORD);
    t.pass('the new password signs in');

    await page.goto(link!);
    await page.waitForURL(`**/${lang}/password-reset-link-expired`);
    t.pass('the used link leads to the expired page');
  });

  await t.test('signed-in change: a wrong current password, then the right one (ja-jp)', async (t) => {
    const lang: Language = 'ja-jp';
    const text = textsOf(lang);
    const member = await createActiveMember(stack);
    const page = await (await newContext(browser, stack.bffUrl, 'ja-JP')).newPage();
    await signInOnPage(page, lang, member.email, member.password);

    await page.goto(`/${lang}/change-password`);
    await page.getByRole('heading', { name: text('password.change.title') }).waitFor();
    await page.getByText(text('password.change.intro.voluntary')).waitFor();
    t.ok(await page.getByRole('link', { name: text('password.change.back') }).isVisible(), 'a back link when signed in');
    await page.getByLabel(exactLabel(text('password.change.currentPassword'))).fill('Wrong-Password9');
    await page.getByLabel(exactLabel(text('password.change.newPassword'))).fill(NEW_PASSWORD);
    const confirm = page.getByLabel(exactLabel(text('password.change.confirmPassword')));
    await confirm.fill(NEW_PASSWORD);
    await page.getByRole('button', { name: text('password.change.submit') }).click();
    await page.getByText(text('error.CurrentPasswordIncorrect')).waitFor();
    t.pass('the wrong current password is named under its field');

    await page.getByLabel(exactLabel(text('password.change.currentPassword'))).fill(member.password);
    await page.getByRole('button', { name: text('password.change.submit') }).click();
    await page.waitForURL(`**/${lang}/my-account?isChangePwdSuccess=true`);
    t.pass('the change leads to my-account with the success flag');
    t.match((await waitForMail(stack.dataDir, member.email, { count: 2 })).subject, /パスワードが変更されました/, 'the notification mail is in Japanese');
  });

  await t.test('an expired link offers a resend to the known user, else a new request (es-es)', async (t) => {
    const lang: Language = 'es-es';
    const text = textsOf(lang);
    const member = await createActiveMember(stack);
    const page = await (await newContext(browser, stack.bffUrl, 'es-ES')).newPage();

    await page.goto(`/${lang}/password-reset-link-expired`);
    await page.getByRole('heading', { name: text('password.expired.title') }).waitFor();
    await page.getByRole('link', { name: text('password.expired.forgotLink') }).click();
    await page.waitForURL(`**/${lang}/forgot-password`);
    t.pass('without a known user: a link to forgot-password');

    await page.goto(`/${lang}/forgot-password`);
    await page.getByLabel(exactLabel(text('password.forgot.email'))).fill(member.email);
    await page.getByRole('button', { name: text('password.forgot.submit') }).click();
    await page.waitForURL(`**/${lang}/reset-password`);
    const first = findLink(await waitForMail(stack.dataDir, member.email, { count: 2 }), '/auth/verify-email/')!;
    const publicId = decodeURIComponent(first.split('/').at(-1)!);

    await page.goto(`/${lang}/auth/verify-email/not-a-real-token/${encodeURIComponent(publicId)}`);
    await page.waitForURL(`**/${lang}/password-reset-link-expired`);
    await page.getByRole('button', { name: text('password.sent.resend') }).click();
    await page.getByText(text('password.sent.resent')).waitFor();
    const second = findLink(await waitForMail(stack.dataDir, member.email, { count: 3 }), '/auth/verify-email/');
    t.ok(second && second !== first, 'the resend mailed a new link');
    t.match((await waitForMail(stack.dataDir, member.email, { count: 3 })).subject, /contraseña/, 'in Spanish');
  });
});
