import { readFile } from 'node:fs/promises';
import t from 'tap';
import type { Page } from 'playwright-core';
import type { Language } from '../../shared/languages.ts';
import { openDatabase } from '../../server/member-service/store/db.ts';
import { createActiveMember, createClient, startStack, type Stack } from '../helper.ts';
import { waitForMail } from '../helpers/outbox.ts';
import { launchBrowser, newContext } from './browser.ts';
import { builtClientDir } from './client-build.ts';
import { signInByApi } from './sign-in-by-api.ts';
import { exactLabel, textsOf } from './texts.ts';

const DAY = 24 * 60 * 60 * 1000;
/** English pages write a day with the month's name ("Dec 27, 2026"), one style on the page. */
const monthName = (ms: number) => new Intl.DateTimeFormat('en', { month: 'short', day: '2-digit', year: 'numeric' }).format(ms);

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !/status of 401/.test(message.text())) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Signed in through the portal's API (the login form is not the subject here), on My account. */
async function signIn(page: Page, lang: Language, member: { email: string; password: string }) {
  await signInByApi(page.context(), member);
  await page.goto(`/${lang}/my-account`);
}

/** My account draws its sections one per task: checks of the whole page wait for all of them. */
async function allSectionsDrawn(page: Page) {
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.locator('.account__sections').waitFor();
  await page.locator('.account__sections[aria-busy="true"]').waitFor({ state: 'detached' });
}

async function apiMember(stack: Stack, member: { email: string; password: string }) {
  const client = createClient(stack.bffUrl);
  await client.post('/api/Member/Login', { userId: member.email, password: member.password });
  return (await client.get('/api/Member')).body.data;
}

// One portal and one browser for both (each test its own context and members): booting them is
// most of the cost. A provider configured (never called): Connected accounts shows only where one is.
const stack = await startStack(t, {
  env: {
    CLIENT_DIR: await builtClientDir(),
    ALLOWED_CALLBACK_HOSTS: 'shop.example.com',
    GOOGLE_CLIENT_ID: 'sections-google',
    GOOGLE_CLIENT_SECRET: 'sections-google-secret',
  },
});
const browser = await launchBrowser(t);

t.test(
  'English, desktop: menu, back link, password toast, security, subscription, download, delete and restore, leave warning',
  async (t) => {
    const member = await createActiveMember(stack);
    const page = await (await newContext(browser, stack.bffUrl, 'en-US')).newPage();
    const errors = collectErrors(page);
    const text = textsOf('en');
    const { db } = openDatabase({ dataDir: stack.dataDir });
    t.teardown(() => db.destroy());
    const { id: memberId } = await db.selectFrom('members').select('id').where('email', '=', member.email).executeTakeFirstOrThrow();
    await db
      .insertInto('social_links')
      .values({
        member_id: memberId,
        social_type: 1,
        social_id: 'g-1',
        social_email: 'ada@gmail.example',
        social_name: 'Ada L.',
        registered_at: Date.UTC(2025, 2, 4, 12),
      })
      .execute();
    await page.clock.install();
    const subscriptionCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/Member/UpdateMemberSubscribe')) subscriptionCalls.push(request.method());
    });
    await signIn(page, 'en', member);

    await page.goto('/en/my-account?isChangePwdSuccess=true&callbackurl=https%3A%2F%2Fshop.example.com%2Fcart');
    await page
      .getByRole('status')
      .filter({ hasText: text('account.passwordChanged') })
      .waitFor();
    await page.waitForURL(/\/en\/my-account\?callbackurl=/);
    t.pass('the password-changed toast shows once and the flag leaves the address');
    t.equal(
      await page.getByRole('link', { name: text('account.backToNamedSite', { site: 'shop.example.com' }) }).getAttribute('href'),
      'https://shop.example.com/cart',
      'the back link names the site (its host, where no name is configured)',
    );

    const menu = page.getByRole('navigation', { name: text('account.menu') });
    t.same(await menu.getByRole('link').allTextContents(), [
      text('account.profile.title'),
      text('account.security.title'),
      text('account.passkeys.title'),
      text('security.sessions.title'),
      text('security.activity.title'),
      text('account.subscription.title'),
      text('account.social.title'),
      text('account.download.title'),
      text('account.delete.title'),
    ]);
    t.equal(await menu.getByRole('link', { name: text('account.profile.title') }).getAttribute('aria-current'), 'location');
    await menu.getByRole('link', { name: text('account.subscription.title') }).click();
    await page.waitForFunction(() => Math.abs(document.getElementById('subscription')!.getBoundingClientRect().top - 80) < 2);
    await page.waitForFunction(() => document.querySelector('.account__menu [aria-current]')?.textContent === 'Subscription');
    t.pass('the menu scrolls the section to 80 pixels from the top and marks it as the one in view');

    const security = page.getByRole('region', { name: text('account.security.title') });
    t.equal(await security.getByLabel(text('account.security.email')).inputValue(), member.email);
    t.ok((await security.getByLabel(text('account.security.email')).getAttribute('readonly')) !== null, 'the e-mail is read-only');
    t.ok(
      await security.getByText(text('account.security.lastUpdate', { date: monthName(Date.now()) })).isVisible(),
      'Last Update in MM/DD/YYYY',
    );

    const subscription = page.getByRole('region', { name: text('account.subscription.title') });
    await subscription.getByRole('radio', { name: text('common.yes') }).check();
    await page
      .getByRole('status')
      .filter({ hasText: text('account.subscription.saved') })
      .waitFor();
    t.equal((await apiMember(stack, member)).isSubscribe, true, 'a change saves at once');
    t.same(subscriptionCalls, ['PUT'], 'loading the answer saved nothing');

    const connected = page.getByRole('region', { name: text('account.social.title') });
    t.equal(
      await connected.getByText(text('account.social.notConnected'), { exact: true }).count(),
      2,
      'Facebook and LinkedIn are not connected',
    );
    const google = connected.getByRole('listitem', { name: 'Google' });
    t.ok(await google.getByText('Ada L.').isVisible(), 'the linked account name');
    t.ok(await google.getByText(text('account.social.since', { date: 'Mar 04, 2025' })).isVisible(), 'since MMM DD, YYYY');

    const downloadSection = page.getByRole('region', { name: text('account.download.title') });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      downloadSection.getByRole('button', { name: text('account.download.button') }).click(),
    ]);
    t.equal(download.suggestedFilename(), 'Profile.csv');
    const csv = await readFile((await download.path())!);
    t.same([...csv.subarray(0, 3)], [0xef, 0xbb, 0xbf], 'with the byte-order mark');
    t.match(csv.toString('utf8'), member.email);
    await page
      .getByRole('status')
      .filter({ hasText: text('account.download.done') })
      .waitFor();

    const deletion = page.getByRole('region', { name: text('account.delete.title') });
    await deletion.getByRole('button', { name: text('account.delete.button') }).click();
    await page
      .getByRole('alertdialog', { name: text('account.delete.confirm.title') })
      .getByRole('button', { name: text('account.delete.confirm.confirm') })
      .click();
    const restore = page.getByRole('region', { name: text('account.restore.bannerTitle') });
    await restore.waitFor();
    const deleteDate = (await apiMember(stack, member)).myAccountDeleteDate as string;
    t.equal(Date.parse(deleteDate) - Date.now() > 29 * DAY, true);
    t.ok(
      await restore.getByText(text('account.restore.intro', { date: monthName(Date.parse(deleteDate)) })).isVisible(),
      'the permanent deletion date',
    );
    t.ok(
      await page.evaluate(() => {
        const banner = document.querySelector('.deletion-banner');
        const sections = document.querySelector('.account__layout');
        return Boolean(banner && sections && banner.compareDocumentPosition(sections) & Node.DOCUMENT_POSITION_FOLLOWING);
      }),
      'the banner is at the top of the page, before the sections',
    );
    t.equal(await menu.getByRole('link', { name: text('account.delete.title') }).count(), 0, 'the menu no longer offers Delete');
    t.ok((await waitForMail(stack.dataDir, member.email, { count: 2 })).subject.length > 0, 'a confirmation mail');
    await restore.getByRole('button', { name: text('account.restore.button') }).click();
    await page.getByRole('region', { name: text('account.delete.title') }).waitFor();
    t.equal((await apiMember(stack, member)).myAccountDeleteDate, null, 'restored');

    const firstName = page.getByLabel(exactLabel(text('account.profile.firstName')));
    await firstName.fill('Augusta');
    await page.getByRole('button', { name: text('account.profile.undo') }).click();
    t.equal(await firstName.inputValue(), 'Ada', 'Undo');
    const country = page.getByLabel(exactLabel(text('account.profile.country')));
    await country.focus();
    await page.keyboard.type('jap');
    t.equal(await country.inputValue(), 'Japan', 'letters typed together form one prefix');
    await page.clock.fastForward(1300);
    await page.keyboard.type('chin');
    t.equal(await country.inputValue(), 'China', 'after 1200 ms typing starts a new prefix');
    const codeOf = (key: string) => page.getByLabel(exactLabel(text(key))).inputValue();
    t.same(
      [await codeOf('account.profile.telCountryCode'), await codeOf('account.profile.mobileCountryCode')],
      ['', '86'],
      'and the choice is an ordinary country change',
    );
    await firstName.fill('Augusta');
    const dialogs: string[] = [];
    page.once('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await security.getByRole('link', { name: text('account.security.change') }).click();
    t.same(dialogs, [text('account.leaveWarning')], 'leaving for another portal screen asks first');
    t.match(page.url(), /\/en\/my-account/, 'and stays when the member says no');
    t.equal(await firstName.inputValue(), 'Augusta', 'with the edits');
    const unload = new Promise<string>((resolve) =>
      page.once('dialog', (dialog) => {
        resolve(dialog.type());
        // Accepting closes the page, which may end the protocol call before it answers.
        dialog.accept().catch(() => undefined);
      }),
    );
    await page.close({ runBeforeUnload: true });
    t.equal(await unload, 'beforeunload', 'closing the page with edits triggers the browser warning');
    t.same(errors, []);
  },
);

t.test(
  'Japanese on a phone: sections, delete and restore; employees see no Delete; the Chinese site shows no Connected Accounts',
  async (t) => {
    const member = await createActiveMember(stack);
    const context = await newContext(browser, stack.bffUrl, 'ja-JP', true);
    const page = await context.newPage();
    const errors = collectErrors(page);
    const text = textsOf('ja-jp');
    await signIn(page, 'ja-jp', member);
    await allSectionsDrawn(page);
    t.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'nothing overflows a 375-pixel screen');

    const save = page.getByRole('button', { name: text('account.profile.save') });
    t.ok(await save.isDisabled(), 'Save waits for a change');
    await page.getByLabel(exactLabel(text('account.profile.firstName'))).fill('Augusta');
    await page.getByRole('checkbox', { name: '組込みボード・モジュール' }).check();
    await page.getByRole('checkbox', { name: 'ファクトリーオートメーション' }).check();
    await save.click();
    await page
      .getByRole('status')
      .filter({ hasText: text('account.MyAccount.ProfileChangedSuccessfully') })
      .waitFor();
    await page.waitForFunction(() => (document.querySelector('#my-profile button[type=submit]') as HTMLButtonElement).disabled);
    t.equal((await apiMember(stack, member)).firstName, 'Augusta', 'saved, and the saved values are the new baseline');

    const menu = page.getByRole('navigation', { name: text('account.menu') });
    await menu.getByRole('link', { name: text('account.download.title') }).click();
    await page.waitForFunction(() => document.getElementById('download-data')!.getBoundingClientRect().top <= 220);
    t.pass('the menu scrolls to the section');

    await page.getByRole('button', { name: text('account.delete.button') }).click();
    await page
      .getByRole('alertdialog', { name: text('account.delete.confirm.title') })
      .getByRole('button', { name: text('account.delete.confirm.confirm') })
      .click();
    await page.getByRole('heading', { name: text('account.restore.bannerTitle') }).waitFor();
    await page
      .getByRole('status')
      .filter({ hasText: text('account.delete.done') })
      .waitFor();
    await page.getByRole('button', { name: text('account.restore.button') }).click();
    await page
      .getByRole('status')
      .filter({ hasText: text('account.restore.done') })
      .waitFor();
    await page.getByRole('heading', { name: text('account.delete.title') }).waitFor();
    t.pass('delete and restore in Japanese');

    const { db } = openDatabase({ dataDir: stack.dataDir });
    t.teardown(() => db.destroy());
    await db.updateTable('members').set({ is_emp: 1 }).where('email', '=', member.email).execute();
    await page.reload();
    await allSectionsDrawn(page);
    t.equal(await page.getByRole('heading', { name: text('account.delete.title') }).count(), 0, 'employees do not see Delete My Account');
    t.ok(await page.getByRole('heading', { name: text('account.social.title') }).isVisible());

    await page.getByLabel(text('common.language')).selectOption('zh-tw');
    const tw = textsOf('zh-tw');
    await page.getByRole('heading', { name: tw('account.profile.title') }).waitFor();
    await page.getByRole('checkbox', { name: '嵌入式板卡與模組' }).waitFor();
    t.pass('changing the language reloads the options in that language');

    await page.goto('/zh-cn/my-account');
    const zh = textsOf('zh-cn');
    await allSectionsDrawn(page);
    await page.getByRole('heading', { name: zh('account.download.title') }).waitFor();
    t.equal(await page.getByRole('heading', { name: zh('account.social.title') }).count(), 0, 'the Chinese site hides Connected Accounts');

    t.same(errors, []);

    await stack.apps.memberService.close();
    await page.getByRole('button', { name: zh('account.download.button') }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: zh('account.download.failed') })
      .waitFor();
    t.pass('a failed download says so');
  },
);
