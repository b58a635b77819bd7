import t from 'tap';
import type { Browser } from 'playwright-core';
import { openMemberStore } from '../../server/member-service/store/store.ts';
import { createActiveMember, createClient, startStack, type Stack } from '../helper.ts';
import { startCompanySite, type CompanySite } from '../helpers/company-site.ts';
import { mailedCode } from '../member-service/sign-in-fixtures.ts';
import { launchBrowser, newContext } from './browser.ts';
import { builtClientDir } from './client-build.ts';
import { requestsQuiet } from './requests-quiet.ts';
import { exactLabel, textsOf } from './texts.ts';

const SITE_KEY = 'shop-site-key-0123456789abcdef0123456789';

let stack: Stack;
let browser: Browser;
let shop: CompanySite;

t.before(async () => {
  shop = await startCompanySite(t, { portal: () => stack.bffUrl, siteKey: SITE_KEY, callbackPath: '/welcome' });
  stack = await startStack(t, {
    env: {
      CLIENT_DIR: await builtClientDir(),
      ALLOWED_CALLBACK_HOSTS: shop.allowListEntry,
      SSO_SITE_KEYS: SITE_KEY,
      LOGIN_RATE_LIMIT_PER_MINUTE: '200',
    },
  });
  browser = await launchBrowser(t);
});

t.test('password sign-in from a company site goes back there with a ticket the site redeems once (English)', async (t) => {
  const member = await createActiveMember(stack);
  const text = textsOf('en');
  const page = await (await newContext(browser, stack.bffUrl, 'en-US')).newPage();
  const callback = shop.callbackUrl({ lang: 'en' });
  await page.goto(`/en/login?CallBackUrl=${encodeURIComponent(callback)}`);
  await page.getByLabel(exactLabel(text('login.emailOrId'))).fill(member.email);
  await page.getByLabel(exactLabel(text('login.password'))).fill(member.password);
  await page.getByRole('button', { name: text('login.submit'), exact: true }).click();
  // A new member is asked for preferences first; the way back is kept for afterwards.
  await page.waitForURL(/\/en\/choosing-preferring\?callbackurl=/);
  const next = new URL(page.url()).searchParams.get('callbackurl')!;
  t.match(
    next,
    new RegExp(`^${shop.origin}/welcome\\?lang=en&id=[A-Za-z0-9_-]+&tempid=[A-Za-z0-9_-]{43}$`),
    'the way back carries id and tempid after the existing query',
  );

  await page.getByRole('button', { name: textsOf('en')('preferring.skip') }).click();
  await page.getByRole('heading', { name: `Signed in as ${member.email}` }).waitFor();
  t.equal(page.url(), next, 'Skip continues to the way back');
  await page.goto(next);
  await page.getByRole('heading', { name: 'Sign-in refused: TempIdInValid' }).waitFor();
  t.same(
    shop.redemptions.map((r) => r.reply.code),
    ['ok', 'TempIdInValid'],
    'the ticket works once',
  );

  await page.goto(`/en/my-account?callbackurl=${encodeURIComponent(callback)}`);
  await page.getByRole('link', { name: text('common.signOut') }).click();
  await page.waitForURL(callback);
  t.pass('signing out leads to the allowed callback URL');
  await page.goto('/en/my-account');
  await page.waitForURL(/\/en\/login/);
  t.pass('and the session is over');
});

t.test('code sign-in by e-mail, reading the code from the outbox (Japanese)', async (t) => {
  const member = await createActiveMember(stack);
  const text = textsOf('ja-jp');
  const page = await (await newContext(browser, stack.bffUrl, 'ja-JP')).newPage();
  await page.goto('/ja-jp/login');
  await page.getByRole('button', { name: text('login.code.switch') }).click();
  await page.getByLabel(exactLabel(text('login.emailOrId'))).fill(member.email);
  t.ok(await page.getByRole('radio', { name: text('login.code.byEmail') }).isChecked(), 'e-mail is the default delivery');
  await page.getByRole('button', { name: text('login.code.getCode') }).click();
  await page.getByText(text('login.code.sentToEmail', { userId: member.email }), { exact: false }).waitFor();
  const resend = page.getByRole('button', { name: /新しいコードを送信（\d+ 秒）/ });
  t.ok(await resend.isDisabled(), 'resend waits for the countdown');

  const code = await mailedCode(stack.dataDir, member.email);
  await page.getByLabel(exactLabel(text('login.code.label'))).fill('000000' === code ? '111111' : '000000');
  await page.getByRole('button', { name: text('login.code.verify'), exact: true }).click();
  await page.getByText(text('login.code.incorrect')).waitFor();
  t.pass('a wrong code is told apart from an inactive account');

  await page.getByLabel(exactLabel(text('login.code.label'))).fill(code);
  await page.getByRole('button', { name: text('login.code.verify'), exact: true }).click();
  await page.waitForURL('**/ja-jp/my-account');
  t.pass('the code signs in');

  await page.goto('/ja-jp/login');
  await page.getByRole('button', { name: text('login.code.switch') }).click();
  await page.getByRole('radio', { name: text('login.code.byPhone') }).check();
  await page.getByRole('button', { name: text('login.code.backToPassword') }).click();
  await page.getByRole('button', { name: text('login.code.switch') }).click();
  t.ok(
    await page.getByRole('radio', { name: text('login.code.byEmail') }).isChecked(),
    'back in password mode the delivery resets to e-mail',
  );
});

t.test('five wrong passwords lock sign-in: one message counting down in m:ss, Sign in disabled meanwhile (Korean)', async (t) => {
  const member = await createActiveMember(stack);
  const text = textsOf('ko-kr');
  const page = await (await newContext(browser, stack.bffUrl, 'ko-KR')).newPage();
  await page.goto('/ko-kr/login');
  const submit = async (password: string) => {
    await page.getByLabel(exactLabel(text('login.emailOrId'))).fill(member.email);
    await page.getByLabel(exactLabel(text('login.password'))).fill(password);
    await page.getByRole('button', { name: text('login.submit'), exact: true }).click();
  };
  for (let i = 0; i < 4; i += 1) {
    await submit('Wrong1234');
    await page
      .getByRole('alert')
      .filter({ hasText: text('error.AccountOrPwdFail') })
      .waitFor();
  }
  await submit('Wrong1234');
  const alert = page.getByRole('alert').filter({ hasText: '후에 다시 시도해 주세요' });
  await alert.waitFor();
  const shown = (await alert.locator('[aria-hidden="true"]').textContent()) ?? '';
  t.match(shown, /[0-3]:[0-5]\d 후에 다시 시도해 주세요/, `the lock counts down in minutes and seconds: ${shown}`);
  t.notMatch(await alert.textContent(), new RegExp(text('error.AccountLock')), 'one message, not the lock text on top of the countdown');
  const signIn = page.getByRole('button', { name: text('login.submit'), exact: true });
  t.ok(await signIn.isDisabled(), 'Sign in waits for the lock to end');
  await page.waitForFunction((before) => document.querySelector('[role="alert"] [aria-hidden="true"]')?.textContent !== before, shown, {
    timeout: 5000,
  });
  t.pass('the count moves on by itself');
  t.match(page.url(), /\/ko-kr\/login$/);
});

t.test('a session lost meanwhile opens Member Logged Out; any click goes to login keeping the query (Spanish)', async (t) => {
  const member = await createActiveMember(stack);
  const text = textsOf('es-es');
  const context = await newContext(browser, stack.bffUrl, 'es-ES');
  const page = await context.newPage();
  await page.goto('/es-es/login?utm_source=news');
  await page.getByLabel(exactLabel(text('login.emailOrId'))).fill(member.email);
  await page.getByLabel(exactLabel(text('login.password'))).fill(member.password);
  await page.getByRole('button', { name: text('login.submit'), exact: true }).click();
  await page.waitForURL(/\/es-es\/my-account\?utm_source=news$/);
  t.pass('signed in, My account keeps the query');
  await page.getByRole('heading', { name: text('account.profile.title') }).waitFor();
  // A reply still under way would set the session cookie again after it is cleared.
  await requestsQuiet(page);
  await context.clearCookies();
  // The next call to the portal meets the lost session: the save below, or a section's read that
  // comes first (then the modal covers the form before the save is reached).
  const modal = page.getByRole('alertdialog', { name: text('common.loggedOut.title') });
  const save = async () => {
    await page.getByLabel(exactLabel(text('account.profile.firstName'))).fill('Augusta');
    for (const legend of [text('account.profile.productsOfInterest'), text('account.profile.businessApplicationAreas')]) {
      await page.getByRole('group', { name: legend }).getByRole('checkbox').first().check({ timeout: 10_000 });
    }
    await page.getByRole('button', { name: text('account.profile.save') }).click({ timeout: 10_000 });
  };
  await Promise.race([modal.waitFor(), save().catch(() => modal.waitFor())]);
  await modal.waitFor();
  await page.mouse.click(5, 5);
  await page.waitForURL(/\/es-es\/login\?utm_source=news$/);
  t.equal(await modal.count(), 0, 'the modal closed on the way to login');
});

t.test('an initial password leads to change-password, and the header keeps the member there (Traditional Chinese)', async (t) => {
  const member = await createActiveMember(stack);
  const store = await openMemberStore({ dataDir: stack.dataDir });
  const row = await store.members.findByEmail(member.email);
  await store.members.update(row!.id, { status: 2, password_changed_at: null });
  await store.close();
  const text = textsOf('zh-tw');
  const page = await (await newContext(browser, stack.bffUrl, 'zh-TW')).newPage();
  await page.goto('/zh-tw/login?pass=mya');
  await page.getByLabel(exactLabel(text('login.emailOrId'))).fill(member.email);
  await page.getByLabel(exactLabel(text('login.password'))).fill(member.password);
  await page.getByRole('button', { name: text('login.submit'), exact: true }).click();
  await page.waitForURL(/\/zh-tw\/change-password\?pass=mya$/);
  t.equal(await page.evaluate(() => sessionStorage.getItem('userId')), member.email, 'the user id is remembered for the change');
  await page.goto('/zh-tw/my-account');
  await page.waitForURL(/\/zh-tw\/change-password/);
  t.pass('status 2 sends every other screen to change-password');
});

t.test('a company site sends the member back through referer; a used ticket signs out and goes to login (English)', async (t) => {
  const member = await createActiveMember(stack);
  const api = createClient(stack.bffUrl);
  const signedIn = await api.post('/api/Member/Login', { userId: member.email, password: member.password, returnUrl: shop.callbackUrl() });
  const redeemed = await fetch(`${stack.bffUrl}/api/Member/CheckGoToProfile`, {
    method: 'POST',
    headers: { authorization: `Bearer ${SITE_KEY}`, 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    body: JSON.stringify({ memberId: signedIn.body.data.id, tempId: signedIn.body.data.tempId }),
  }).then((r) => r.json());
  const back = `/en/referer?id=${signedIn.body.data.id}&tempid=${redeemed.data.tempId}&callbackurl=${encodeURIComponent(shop.callbackUrl())}`;

  const page = await (await newContext(browser, stack.bffUrl, 'en-US')).newPage();
  await page.goto(back);
  await page.waitForURL((url) => url.pathname === '/en/my-account' && url.searchParams.get('callbackurl') === shop.callbackUrl());
  await page.getByRole('heading', { name: textsOf('en')('account.profile.title') }).waitFor();
  t.pass('signed in on My account, the callback kept');

  await page.goto(back);
  await page.waitForURL((url) => url.pathname === '/en/login' && url.searchParams.get('callbackurl') === shop.callbackUrl());
  t.same((await (await page.request.get('/api/Member/IsLogin')).json()).data, { isLogin: false }, 'the used ticket signed the browser out');
  await page.getByRole('heading', { name: textsOf('en')('login.title') }).waitFor();
  t.equal(
    await page.getByRole('alertdialog', { name: textsOf('en')('common.loggedOut.title') }).count(),
    0,
    'the referer screen handled it: no session-ended dialog',
  );
});
