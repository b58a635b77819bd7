import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import t from 'tap';
import type { Page } from 'playwright-core';
import type { Language } from '../../shared/languages.ts';
import { createActiveMember, startStack } from '../helper.ts';
import { findLink, waitForMail } from '../helpers/outbox.ts';
import { launchBrowser, newContext } from './browser.ts';
import { builtClientDir } from './client-build.ts';
import { exactLabel, textsOf } from './texts.ts';

const NEW_PASSWORD = 'Zebra-Lantern42';
const YEAR_MS = 366 * 24 * 60 * 60 * 1000;

/** Puts a member into a state the portal itself does not produce (an initial password, a year-old one). */
function setMemberColumns(dataDir: string, email: string, values: Record<string, number | null>) {
  const db = new SqliteDatabase(join(dataDir, 'members.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    for (const [column, value] of Object.entries(values)) db.prepare(`update members set ${column} = ? where email = ?`).run(value, email);
  } finally {
    db.close();
  }
}

async function signInOnPage(page: Page, lang: Language, email: string, password: string) {
  const text = textsOf(lang);
  await page.goto(`/${lang}/login`);
  await page.getByLabel(exactLabel(text('login.emailOrId'))).fill(email);
  await page.getByLabel(exactLabel(text('login.password'))).fill(password);
  await page.getByRole('button', { name: text('login.submit'), exact: true }).click();
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
    t.ok(
      await page.getByRole('link', { name: text('password.forgot.createAccount') }).isVisible(),
      'an unknown address is offered registration',
    );
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
    t.pass('a common password is refused on its field with its own message, and the link still works');
    t.ok(await submit.isDisabled(), 'and submit waits for another password');

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
    t.match(
      (await waitForMail(stack.dataDir, member.email, { count: 2 })).subject,
      /パスワードが変更されました/,
      'the notification mail is in Japanese',
    );
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

  await t.test('first sign-in with an initial password: change it, then stay on my-account (zh-tw)', async (t) => {
    const lang: Language = 'zh-tw';
    const text = textsOf(lang);
    const member = await createActiveMember(stack);
    setMemberColumns(stack.dataDir, member.email, { status: 2, password_changed_at: null });
    const page = await (await newContext(browser, stack.bffUrl, 'zh-TW')).newPage();

    await page.goto(`/${lang}/login`);
    await page.getByLabel(exactLabel(text('login.emailOrId'))).fill(member.email);
    await page.getByLabel(exactLabel(text('login.password'))).fill(member.password);
    await page.getByRole('button', { name: text('login.submit'), exact: true }).click();
    await page.waitForURL(`**/${lang}/change-password**`);
    await page.getByText(text('password.change.intro.firstLogin')).waitFor();
    t.pass('the first sign-in asks for a new password');

    await page.getByLabel(exactLabel(text('password.change.currentPassword'))).fill(member.password);
    await page.getByLabel(exactLabel(text('password.change.newPassword'))).fill(NEW_PASSWORD);
    await page.getByLabel(exactLabel(text('password.change.confirmPassword'))).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: text('password.change.submit') }).click();
    await page.waitForURL(`**/${lang}/my-account?isChangePwdSuccess=true`);
    await page.getByRole('heading', { name: text('account.profile.title') }).waitFor();
    t.match(page.url(), /\/zh-tw\/my-account/, 'the member stays on my-account: the forced change is over');
  });

  await t.test('a year-old password: the notice, a resend, keep the old password, sign in (ko-kr)', async (t) => {
    const lang: Language = 'ko-kr';
    const text = textsOf(lang);
    const member = await createActiveMember(stack);
    setMemberColumns(stack.dataDir, member.email, { password_changed_at: Date.now() - YEAR_MS });
    const page = await (await newContext(browser, stack.bffUrl, 'ko-KR')).newPage();

    await page.goto(`/${lang}/login?pass=rma`);
    await page.getByLabel(exactLabel(text('login.emailOrId'))).fill(member.email);
    await page.getByLabel(exactLabel(text('login.password'))).fill(member.password);
    await page.getByRole('button', { name: text('login.submit'), exact: true }).click();
    await page.waitForURL(`**/${lang}/notice-please-change-password**`);
    await page.getByText(member.email).waitFor();
    await page.getByRole('button', { name: text('password.sent.resend') }).click();
    await page.getByText(text('password.sent.resent')).waitFor();
    const mail = await waitForMail(stack.dataDir, member.email, { count: 2 });
    t.match(mail.subject, /비밀번호/, 'the reminder in Korean');
    const keep = findLink(mail, '/notice-password-unchanged/');
    t.ok(keep?.startsWith(`${stack.bffConfig.publicOrigin}/${lang}/notice-password-unchanged/`), `a keep link: ${keep}`);

    await page.goto(keep!);
    await page.getByRole('heading', { name: text('password.unchanged.title') }).waitFor();
    await page.getByRole('link', { name: text('password.changed.loginNow') }).click();
    await page.waitForURL(`**/${lang}/login**`);
    await signInOnPage(page, lang, member.email, member.password);
    t.pass('the kept password signs in without the notice');

    await page.goto(keep!);
    await page.getByRole('heading', { name: text('password.unchanged.failedTitle') }).waitFor();
    t.pass('the keep link works once');
  });
});
