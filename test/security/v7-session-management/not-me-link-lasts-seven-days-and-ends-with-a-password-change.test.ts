import t, { type Test } from 'tap';
import { ManualClock } from '../../../server/common/clock.ts';
import { createActiveMember, createClient, signIn, startStack, type Stack } from '../../helper.ts';
import { findLink, waitForMail } from '../../helpers/outbox.ts';

/**
 * A "This wasn't me" link ends every session and removes ways in: used a year later it would
 * undo whatever the member set up since. It works for 7 days, once, and not after the password
 * was changed or reset (the member has secured the account another way by then), nor after
 * another such link was used.
 */
const DAY_MS = 24 * 60 * 60 * 1000;
let browsers = 0;

async function setUp(t: Test) {
  const clock = new ManualClock(Date.UTC(2026, 2, 1, 9));
  const stack = await startStack(t, { clock, env: { RATE_LIMIT_PER_MINUTE: '5000', LOGIN_RATE_LIMIT_PER_MINUTE: '1000' } });
  const member = await createActiveMember(stack);
  const owner = await signIn(stack, member);
  return { stack, clock, member, owner, mails: 1 };
}

/** A sign-in from a browser the member never used: the mail's link, as event id and token. */
async function newDeviceLink(stack: Stack, member: { email: string; password: string }, mailCount: number) {
  const browser = createClient(stack.bffUrl);
  const agent = `Mozilla/5.0 (X11; Linux x86_64; rv:${120 + ++browsers}.0) Gecko/20100101 Firefox/${120 + browsers}.0`;
  await browser.post('/api/Member/Login', { userId: member.email, password: member.password }, { headers: { 'user-agent': agent } });
  const link = findLink(await waitForMail(stack.dataDir, member.email, { count: mailCount }), '/not-me/');
  const [, , , eventId = '', token = ''] = new URL(link!).pathname.split('/').map(decodeURIComponent);
  return { eventId, token };
}

const notMe = (stack: Stack, link: { eventId: string; token: string }) =>
  createClient(stack.bffUrl).post('/api/Member/SecurityEvents/NotMe', link);

t.test('the link works for 7 days and not a moment longer', async (t) => {
  const { stack, clock, member } = await setUp(t);
  const link = await newDeviceLink(stack, member, 2);
  clock.advance(7 * DAY_MS);
  const later = await signIn(stack, member);
  t.equal((await notMe(stack, link)).status, 404, 'a week later it does nothing');
  t.same((await later.get('/api/Member/IsLogin')).body.data, { isLogin: true }, 'and ended nothing');

  const fresh = await newDeviceLink(stack, member, 3);
  clock.advance(7 * DAY_MS - 1000);
  t.equal((await notMe(stack, fresh)).body.code, 'ok', 'within the week it works');
});

t.test('a password change ends the links mailed before it', async (t) => {
  const { stack, member, owner } = await setUp(t);
  const link = await newDeviceLink(stack, member, 2);
  const changed = await owner.post('/api/Member/ResetPwd', {
    currentPassword: member.password,
    newPassword: 'Hopper-1906x',
    confirmPassword: 'Hopper-1906x',
  });
  t.equal(changed.body.code, 'ok');
  t.equal((await notMe(stack, link)).status, 404, 'the link mailed before the change does nothing');
  t.same((await owner.get('/api/Member/IsLogin')).body.data, { isLogin: true });
});

t.test('a reset by mailed link ends them too', async (t) => {
  const { stack, member } = await setUp(t);
  const link = await newDeviceLink(stack, member, 2);
  const anonymous = createClient(stack.bffUrl);
  t.equal((await anonymous.post('/api/Member/ForgotPwd', { userId: member.email })).body.code, 'ok');
  const url = findLink(await waitForMail(stack.dataDir, member.email, { count: 3 }), '/auth/verify-email/')!;
  const [, token, userId] = /\/auth\/verify-email\/([^/]+)\/([^/?#]+)$/.exec(url)!;
  const reset = await anonymous.post('/api/Member/ResetPwdUnAuth', {
    userId: decodeURIComponent(userId!),
    token: decodeURIComponent(token!),
    password: 'Hopper-1906x',
    confirmPassword: 'Hopper-1906x',
  });
  t.equal(reset.body.code, 'ok');
  t.equal((await notMe(stack, link)).status, 404, 'the link mailed before the reset does nothing');
});

t.test('using one link ends the others', async (t) => {
  const { stack, member } = await setUp(t);
  const first = await newDeviceLink(stack, member, 2);
  const second = await newDeviceLink(stack, member, 3);
  t.equal((await notMe(stack, second)).body.code, 'ok');
  t.equal((await notMe(stack, first)).status, 404, 'an older link of the same member does nothing afterwards');
});
