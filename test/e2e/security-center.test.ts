import t from 'tap';
import { createActiveMember, createClient, startStack } from '../helper.ts';
import { findLink, waitForMail } from '../helpers/outbox.ts';
import { launchBrowser, newContext } from './browser.ts';
import { builtClientDir } from './client-build.ts';
import { exactLabel, textsOf } from './texts.ts';

const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

t.test(
  'My account: devices and sessions (this device marked, another signed out) and security activity ("This wasn\'t me" ends everything)',
  async (t) => {
    const clientDir = await builtClientDir();
    const stack = await startStack(t, { env: { CLIENT_DIR: clientDir } });
    const browser = await launchBrowser(t);
    const member = await createActiveMember(stack);
    const text = textsOf('en');

    const phone = createClient(stack.bffUrl);
    await phone.post(
      '/api/Member/Login',
      { userId: member.email, password: `${member.password}-wrong` },
      { headers: { 'user-agent': SAFARI_IPHONE } },
    );
    await phone.post(
      '/api/Member/Login',
      { userId: member.email, password: member.password },
      { headers: { 'user-agent': SAFARI_IPHONE } },
    );

    const page = await (await newContext(browser, stack.bffUrl, 'en-US')).newPage();
    await page.goto('/en/login');
    await page.getByLabel(text('login.emailOrId')).fill(member.email);
    await page.getByLabel(exactLabel(text('login.password'))).fill(member.password);
    await page.getByRole('button', { name: text('login.submit'), exact: true }).click();
    await page.waitForURL(/\/en\/my-account$/);

    const menu = page.getByRole('navigation', { name: text('account.menu') });
    await menu.getByRole('link', { name: text('security.sessions.title') }).click();
    const sessions = page.getByRole('list', { name: text('security.sessions.title') });
    await sessions.getByRole('listitem').nth(1).waitFor();
    t.equal(await sessions.getByRole('listitem').count(), 2, 'both browsers are listed');
    const thisDevice = sessions.getByRole('listitem').filter({ hasText: text('security.sessions.thisDevice') });
    t.equal(await thisDevice.count(), 1, 'this browser is marked');
    t.match(await thisDevice.textContent(), /Chrome/);
    t.match(await thisDevice.textContent(), text('security.thisNetwork'), 'its network in words');
    const other = sessions.getByRole('listitem').filter({ hasText: 'Safari 17 · iOS 17.5' });
    t.match(await other.textContent(), /127\.0\.0\.0\/24/);

    await other.getByRole('button', { name: text('security.sessions.end') }).click();
    await page
      .getByRole('status')
      .filter({ hasText: text('security.sessions.ended') })
      .waitFor();
    await sessions.getByRole('listitem').nth(1).waitFor({ state: 'detached' });
    t.equal((await phone.get('/api/Member/Sessions')).status, 401, 'the phone is signed out');

    for (const lang of ['zh-tw', 'zh-cn', 'ja-jp', 'ko-kr', 'es-es'] as const) {
      const local = textsOf(lang);
      await page.goto(`/${lang}/my-account`);
      const localSessions = page.getByRole('list', { name: local('security.sessions.title') });
      await localSessions
        .getByRole('listitem')
        .filter({ hasText: local('security.sessions.thisDevice') })
        .waitFor();
      await page
        .getByRole('list', { name: local('security.activity.title') })
        .getByRole('listitem')
        .filter({ hasText: local('security.events.sessionEnded') })
        .waitFor();
      t.pass(`${lang}: both sections in the page's language`);
    }

    await page.goto('/en/my-account');
    const activity = page.getByRole('list', { name: text('security.activity.title') });
    const phoneSignIn = activity
      .getByRole('listitem')
      .filter({ hasText: text('security.events.signIn') })
      .filter({ hasText: 'Safari' });
    await phoneSignIn.waitFor();
    const failed = activity.getByRole('listitem').filter({ hasText: text('security.events.signInFailed') });
    t.match(await failed.textContent(), text('security.activity.badge.signInFailed'), 'the failed attempt is marked');
    t.equal(await failed.getByRole('button', { name: text('security.activity.notMe') }).count(), 1, 'and can be reported');
    const ownSignIn = activity
      .getByRole('listitem')
      .filter({ hasText: text('security.events.signIn') })
      .filter({ hasText: 'Chrome' });
    t.equal(
      await ownSignIn.getByRole('button', { name: text('security.activity.notMe') }).count(),
      0,
      "this browser's sign-in is not questioned",
    );
    t.ok(
      await activity
        .getByRole('listitem')
        .filter({ hasText: text('security.events.sessionEnded') })
        .count(),
      'ending the session is in the activity',
    );
    await phoneSignIn.getByRole('button', { name: text('security.activity.notMe') }).click();
    await phoneSignIn.getByRole('button', { name: text('security.activity.notMeConfirm') }).click();
    await page.waitForURL(/\/en\/not-me\/done$/);
    await page.getByRole('heading', { name: text('security.notMe.securedTitle') }).waitFor();
    t.equal(
      (await page.request.get('/api/Member/Sessions', { headers: { 'x-requested-with': 'XMLHttpRequest' } })).status(),
      401,
      'this browser is signed out too',
    );
  },
);

t.test("the new-device mail's link: one confirmation on the page secures the account", async (t) => {
  const clientDir = await builtClientDir();
  const stack = await startStack(t, { env: { CLIENT_DIR: clientDir } });
  const browser = await launchBrowser(t);
  const member = await createActiveMember(stack);
  const text = textsOf('ko-kr');
  const desk = createClient(stack.bffUrl);
  await desk.post('/api/Member/Login', { userId: member.email, password: member.password });
  const intruder = createClient(stack.bffUrl);
  await intruder.post(
    '/api/Member/Login',
    { userId: member.email, password: member.password },
    { headers: { 'user-agent': SAFARI_IPHONE } },
  );
  const link = findLink(await waitForMail(stack.dataDir, member.email, { count: 2 }), '/not-me/');
  t.ok(link);

  const page = await (await newContext(browser, stack.bffUrl, 'ko-KR')).newPage();
  await page.goto(new URL(link!).pathname.replace(/^\/en\//, '/ko-kr/'));
  await page.getByRole('heading', { name: text('security.notMe.title') }).waitFor();
  t.same((await desk.get('/api/Member/IsLogin')).body.data, { isLogin: true }, 'opening the link alone ends nothing');
  await page.getByRole('button', { name: text('security.notMe.confirm') }).click();
  await page.getByRole('heading', { name: text('security.notMe.securedTitle') }).waitFor();
  t.equal((await intruder.get('/api/Member/Sessions')).status, 401, 'the intruder is signed out');
  t.equal((await desk.get('/api/Member/Sessions')).status, 401, 'and so is every other browser');
});
