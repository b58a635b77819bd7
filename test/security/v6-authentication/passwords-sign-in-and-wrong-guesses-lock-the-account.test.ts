import t from 'tap';
import { ManualClock } from '../../../server/common/clock.ts';
import { createClient, signIn, TEST_PASSWORD, type TestClient } from '../../helper.ts';
import { findLink, waitForMail } from '../../helpers/outbox.ts';
import { startSignInStack } from '../../bff/sign-in-fixtures.ts';

/**
 * Whoever holds an open session (or a reset link) must not be able to find the member's
 * password by asking the portal's other password checks: ValidatePwd, ResetPwd and
 * ValidatePwdUnAuth count towards the same 5-failures / 180-second lock as sign-in.
 */

const GUESS = 'Guess-Number-1';
const locked = (remainingSeconds: number) => ({ isSuccess: false, code: 'AccountLock', data: { remainingSeconds } });

const validatePwd = (browser: TestClient, password: string) => browser.post('/api/Member/ValidatePwd', { password });
const resetPwd = (browser: TestClient, currentPassword: string, newPassword = 'Zebra-Lantern42') =>
  browser.post('/api/Member/ResetPwd', { currentPassword, newPassword, confirmPassword: newPassword, lang: 'en' });

t.test('ValidatePwd: five candidates lock the account; the current password is then refused too, here and at sign-in', async (t) => {
  const clock = new ManualClock(Date.UTC(2026, 0, 1));
  const { stack, member, login } = await startSignInStack(t, { clock });
  const ada = await member();
  const session = await signIn(stack, ada);

  t.equal((await validatePwd(session, TEST_PASSWORD)).body.code, 'passwordused', 'the oracle: this is the current password');
  for (let i = 1; i <= 4; i += 1)
    t.equal((await validatePwd(session, `${GUESS}${i}`)).body.code, 'ok', `candidate ${i} is not the password`);
  const fifth = await validatePwd(session, `${GUESS}5`);
  t.same([fifth.status, fifth.body], [200, locked(180)], 'the fifth locks, with the countdown sign-in shows');

  clock.advance(30_000);
  t.same((await validatePwd(session, TEST_PASSWORD)).body, locked(150), 'the current password while locked: locked, not passwordused');
  t.same((await login(createClient(stack.bffUrl), ada.email)).body, locked(150), 'sign-in is locked as well');

  clock.advance(150_000);
  t.equal((await validatePwd(session, TEST_PASSWORD)).body.code, 'passwordused', 'after the lock the check answers again');
});

t.test('ResetPwd: wrong current passwords lock; the right one during the lock changes nothing', async (t) => {
  const { stack, member, login } = await startSignInStack(t);
  const ada = await member();
  const session = await signIn(stack, ada);

  for (let i = 1; i <= 4; i += 1)
    t.equal((await resetPwd(session, `${GUESS}${i}`)).body.code, 'AccountOrPwdFail', `wrong current password ${i}`);
  t.same((await resetPwd(session, `${GUESS}5`)).body, locked(180), 'the fifth locks');
  t.same((await resetPwd(session, TEST_PASSWORD)).body, locked(180), 'the right current password during the lock is refused');
  t.same((await login(createClient(stack.bffUrl), ada.email)).body, locked(180), 'sign-in is locked');
  t.equal((await session.get('/api/Member')).status, 200, 'the session itself goes on');
});

t.test('sign-in, ValidatePwd and ResetPwd count one series together; a right password starts it again', async (t) => {
  const { stack, member, login } = await startSignInStack(t);
  const ada = await member();
  const session = await signIn(stack, ada);
  const elsewhere = createClient(stack.bffUrl);

  t.equal((await login(elsewhere, ada.email, GUESS)).body.code, 'AccountOrPwdFail');
  t.equal((await validatePwd(session, `${GUESS}2`)).body.code, 'ok');
  t.equal((await resetPwd(session, `${GUESS}3`)).body.code, 'AccountOrPwdFail');
  t.equal((await login(elsewhere, ada.email)).body.code, 'ok', 'the right password resets the series');

  t.equal((await validatePwd(session, `${GUESS}1`)).body.code, 'ok');
  t.equal((await login(elsewhere, ada.email, GUESS)).body.code, 'AccountOrPwdFail');
  t.equal((await resetPwd(session, `${GUESS}3`)).body.code, 'AccountOrPwdFail');
  t.equal((await validatePwd(session, `${GUESS}4`)).body.code, 'ok');
  t.same((await login(elsewhere, ada.email, GUESS)).body, locked(180), 'five failures across the three checks lock');
});

t.test('parallel ValidatePwd guesses get no more than five answers', async (t) => {
  const { stack, member } = await startSignInStack(t);
  const ada = await member();
  const session = await signIn(stack, ada);
  const replies = await Promise.all(Array.from({ length: 12 }, (_, i) => validatePwd(session, `${GUESS}${i}`)));
  const codes = replies.map((reply) => reply.body.code);
  t.equal(codes.filter((code) => code === 'ok').length, 4, 'four answers');
  t.equal(codes.filter((code) => code === 'AccountLock').length, 8, 'the fifth locked; the rest never reached the password');
});

t.test('ValidatePwdUnAuth: a reset link does not open an unlimited oracle either', async (t) => {
  const { stack, member, login } = await startSignInStack(t);
  const ada = await member();
  const browser = createClient(stack.bffUrl);
  t.equal((await browser.post('/api/Member/ForgotPwd', { userId: ada.email, lang: 'en' })).body.code, 'ok');
  const url = findLink(await waitForMail(stack.dataDir, ada.email, { count: 2 }), '/auth/verify-email/');
  const [, token, userId] = /\/auth\/verify-email\/([^/]+)\/([^/?#]+)$/.exec(url ?? '') ?? [];
  t.ok(token && userId, 'a reset link');
  const check = (password: string) =>
    browser.post('/api/Member/ValidatePwdUnAuth', { userId: decodeURIComponent(userId!), token: decodeURIComponent(token!), password });

  const linkState = await browser.get(`/api/Member/CheckResetPwdTokenIsExpired/${token}?userId=${userId}`);
  t.same(linkState.body, { isSuccess: true, code: 'ok', data: { reason: 'forgot' } }, "the link's account stays with the portal");

  for (let i = 1; i <= 4; i += 1) t.equal((await check(`${GUESS}${i}`)).body.code, 'ok');
  t.same((await check(`${GUESS}5`)).body, locked(180), 'the fifth locks');
  t.same((await check(TEST_PASSWORD)).body, locked(180), 'the current password while locked: locked, not passwordused');
  t.same((await login(createClient(stack.bffUrl), ada.email)).body, locked(180), 'sign-in is locked as well');
  t.equal((await check(`${GUESS}1`)).status, 200);

  const expired = await browser.post('/api/Member/ValidatePwdUnAuth', {
    userId: decodeURIComponent(userId!),
    token: 'not-a-token',
    password: GUESS,
  });
  t.equal(expired.body.code, 'ResetLinkExpired', 'a link that leads nowhere is answered without a check');
});
