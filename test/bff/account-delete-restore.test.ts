import t from 'tap';
import { ManualClock } from '../../server/common/clock.ts';
import { PURGE_JOB_NAME } from '../../server/member-service/jobs/purge-deleted-members.ts';
import { createActiveMember, createClient, signIn, startStack } from '../helper.ts';
import { findLink, waitForMail } from '../helpers/outbox.ts';

const DAY = 24 * 60 * 60 * 1000;

t.test('subscription: saved at once, recorded, only for the signed-in member', async (t) => {
  const stack = await startStack(t);
  const member = await createActiveMember(stack);
  const client = await signIn(stack, member);
  const on = await client.put('/api/Member/UpdateMemberSubscribe', { userId: member.email, isSubscribe: true });
  t.same([on.body.code, on.body.data.isSubscribe], ['ok', true]);
  const off = await client.put('/api/Member/UpdateMemberSubscribe', { userId: member.email, isSubscribe: false });
  t.same([off.body.code, off.body.data.isSubscribe], ['ok', false]);
  const someoneElse = await client.put('/api/Member/UpdateMemberSubscribe', { userId: 'victim@example.com', isSubscribe: true });
  t.same([someoneElse.body.isSuccess, someoneElse.body.code], [false, 'Forbidden'], 'naming another member is refused');
  t.equal((await client.get('/api/member')).body.data.isSubscribe, false);
  t.equal((await client.put('/api/Member/UpdateMemberSubscribe', { isSubscribe: 'yes' })).status, 400);
  t.equal((await createClient(stack.bffUrl).put('/api/Member/UpdateMemberSubscribe', { isSubscribe: true })).status, 401);
});

t.test('delete, sign out, sign in again, restore; the purge after the date', async (t) => {
  const clock = new ManualClock(Date.UTC(2026, 5, 10, 9));
  const stack = await startStack(t, { clock, memberService: { jobPollSeconds: 0 } });
  const member = await createActiveMember(stack);
  let client = await signIn(stack, member);

  t.equal((await client.delete('/api/member', {}, { headers: { 'x-requested-with': undefined } })).status, 403, 'CSRF guard');
  const deleted = await client.delete('/api/member', {});
  t.equal(deleted.body.code, 'ok', deleted.text);
  t.equal(
    deleted.body.data.myAccountDeleteDate,
    new Date(clock.now() + 30 * DAY).toISOString(),
    'permanent deletion 30 days after the request',
  );
  const mail = await waitForMail(stack.dataDir, member.email, { count: 2 });
  t.match(mail.subject, 'July 10, 2026', 'the confirmation mail gives the date');
  t.equal(findLink(mail, /\/login$/), `${stack.bffUrl}/en/login`, 'and where to sign in to restore');

  t.equal((await client.get('/api/Member/Logout')).body.code, 'ok');
  clock.advance(29 * DAY);
  client = await signIn(stack, member);
  t.equal(
    (await client.get('/api/member')).body.data.myAccountDeleteDate,
    deleted.body.data.myAccountDeleteDate,
    'pending deletion: signing in still works',
  );
  const restored = await client.post('/api/Member/ApplyRestoreTag');
  t.same([restored.body.code, restored.body.data.myAccountDeleteDate], ['ok', null]);
  clock.advance(2 * DAY);
  await stack.apps.memberService.jobs.runNow(PURGE_JOB_NAME);
  client = await signIn(stack, member);
  t.equal((await client.get('/api/member')).body.data.myAccountDeleteDate, null, 'a restored account is not purged');

  const again = await client.post('/api/Member/ApplyDeleteTag');
  t.equal(again.body.data.myAccountDeleteDate, new Date(clock.now() + 30 * DAY).toISOString());
  clock.advance(30 * DAY);
  await stack.apps.memberService.jobs.runNow(PURGE_JOB_NAME);
  const gone = await client.get('/api/member');
  t.equal(gone.status, 401, 'the session of a purged member ends');
  const login = await createClient(stack.bffUrl).post('/api/Member/Login', { userId: member.email, password: member.password });
  t.equal(login.body.code, 'AccountOrPwdFail', 'a purged account no longer exists');
  const exists = await createClient(stack.bffUrl).post('/api/Member/IsExist', { email: member.email });
  t.same(exists.body.data, { isExist: false }, 'the address can register again');
});

t.test('back-to-site link: only for allowed callback URLs, named as the configuration names the site', async (t) => {
  const stack = await startStack(t, {
    env: {
      ALLOWED_CALLBACK_HOSTS: 'shop.example.com, https://partners.example.com, docs.example.com',
      CALLBACK_SITE_NAMES: 'shop.example.com=Shop, https://partners.example.com=Partner Portal',
    },
  });
  const client = createClient(stack.bffUrl);
  const check = async (url: string) => (await client.get(`/api/Member/BackToSite?callbackUrl=${encodeURIComponent(url)}`)).body.data;
  t.same(await check('https://shop.example.com/cart?x=1'), { url: 'https://shop.example.com/cart?x=1', site: 'Shop' });
  t.same(await check('https://partners.example.com/'), { url: 'https://partners.example.com/', site: 'Partner Portal' });
  t.same(
    await check('https://docs.example.com:8443/a'),
    { url: 'https://docs.example.com:8443/a', site: 'docs.example.com:8443' },
    'unnamed: its host',
  );
  t.same(await check('/en/my-account'), { url: '/en/my-account', site: null }, 'the portal itself is no site to go back to');
  for (const hostile of ['https://evil.example/', '//evil.example/', 'javascript:alert(1)', 'https://shop.example.com.evil.example/'])
    t.same(await check(hostile), { url: null, site: null }, `${hostile}: neither link nor name`);
});
