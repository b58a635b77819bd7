import t from 'tap';
import { ManualClock } from '../../../server/common/clock.ts';
import { encodePassword } from '../../../server/common/password-encoding.ts';
import { LOCKOUT_MAX_FAILURES } from '../../../shared/limits.ts';
import { startSignInStack } from '../../bff/sign-in-fixtures.ts';
import {
  activationLinkFor,
  buildBff,
  createClient,
  freePort,
  signIn,
  startStack,
  TEST_PASSWORD,
  type TestClient,
  validRegistration,
} from '../../helper.ts';
import { findLink, waitForMail } from '../../helpers/outbox.ts';
import { SoftwareAuthenticator } from '../../helpers/software-authenticator.ts';

/**
 * Password sign-in: any password a password manager makes signs in; every way of checking a
 * password counts towards the lock, five wrong ones lock for 180 seconds, and a passkey sign-in
 * does not wait on that lock.
 */

t.test('every password check counts towards the lock', async (t) => {
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
});

t.test('five wrong passwords lock for 180 seconds', async (t) => {
  t.test('five wrong passwords lock the account for 180 seconds; the lock is not extended and hides the password check', async (t) => {
    const clock = new ManualClock(Date.UTC(2026, 0, 1));
    const { stack, member, login } = await startSignInStack(t, { clock });
    const ada = await member();
    const browser = createClient(stack.bffUrl);

    for (let i = 1; i <= 4; i += 1) {
      const wrong = await login(browser, ada.email, 'Wrong1234');
      t.same(
        [wrong.status, wrong.body],
        [200, { isSuccess: false, code: 'AccountOrPwdFail', data: { remainingSeconds: 0 } }],
        `wrong password ${i}`,
      );
    }
    const fifth = await login(browser, ada.email, 'Wrong1234');
    t.same(
      [fifth.status, fifth.body],
      [200, { isSuccess: false, code: 'AccountLock', data: { remainingSeconds: 180 } }],
      'the fifth locks',
    );

    clock.advance(60_000);
    t.same(
      (await login(browser, ada.email)).body,
      { isSuccess: false, code: 'AccountLock', data: { remainingSeconds: 120 } },
      'the right password during the lock: locked, countdown runs on',
    );
    t.same(
      (await login(browser, ada.email, 'Wrong1234')).body.data,
      { remainingSeconds: 120 },
      'attempts during the lock do not extend it',
    );
    t.equal(browser.cookies.size, 0, 'no session');

    clock.advance(120_000);
    t.equal((await login(browser, ada.email)).body.code, 'ok', 'after 180 seconds the right password signs in');
  });

  t.test('a success resets the count; unknown accounts lock the same way', async (t) => {
    const { stack, member, login } = await startSignInStack(t);
    const ada = await member();
    const browser = createClient(stack.bffUrl);
    for (let i = 0; i < 4; i += 1) await login(browser, ada.email, 'Wrong1234');
    t.equal((await login(browser, ada.email)).body.code, 'ok');
    for (let i = 0; i < 4; i += 1) await login(browser, ada.email, 'Wrong1234');
    t.equal((await login(browser, ada.email, 'Wrong1234')).body.code, 'AccountLock', 'counting started again after the success');

    const wrong = await login(browser, 'other@example.com', 'Wrong1234');
    const unknown = await login(browser, 'nobody@example.com', 'Wrong1234');
    t.same([unknown.status, unknown.text], [wrong.status, wrong.text], 'unknown account and wrong password: the same bytes');
    for (let i = 0; i < 3; i += 1) await login(browser, 'nobody@example.com', 'Wrong1234');
    const locked = await login(browser, 'NOBODY@example.com ', 'Wrong1234');
    t.same(
      locked.body,
      { isSuccess: false, code: 'AccountLock', data: { remainingSeconds: 180 } },
      'an unknown account locks too (sign-in ID normalised)',
    );
    t.equal(locked.status, wrong.status);
    t.same(Object.keys(locked.body), Object.keys(wrong.body), 'the same envelope shape');
    t.same(Object.keys(locked.body.data), Object.keys(wrong.body.data));
  });

  t.test('parallel wrong passwords do not get past five checks', async (t) => {
    const { stack, member, login } = await startSignInStack(t);
    const ada = await member();
    const replies = await Promise.all(Array.from({ length: 12 }, () => login(createClient(stack.bffUrl), ada.email, 'Wrong1234')));
    const codes = replies.map((r) => r.body.code);
    t.equal(codes.filter((c) => c === 'AccountOrPwdFail').length, 4, 'four plain refusals');
    t.equal(codes.filter((c) => c === 'AccountLock').length, 8, 'the fifth check locked; the rest never reached the password');
    t.equal((await login(createClient(stack.bffUrl), ada.email)).body.code, 'AccountLock');
  });

  t.test('per-IP limits on sign-in and code sending come from configuration: 429 with Retry-After', async (t) => {
    const { app } = await buildBff(t, { LOGIN_RATE_LIMIT_PER_MINUTE: '100', OTP_RATE_LIMIT_PER_MINUTE: '2', RATE_LIMIT_PER_MINUTE: '100' });
    const send = () =>
      app.inject({
        method: 'POST',
        url: '/api/Member/SendOtpCode',
        payload: { userId: `a${Math.random()}@example.com`, otpVerifyType: 1 },
        headers: { 'x-requested-with': 'XMLHttpRequest' },
        remoteAddress: '203.0.113.9',
      });
    t.equal((await send()).statusCode, 502, 'reaches the (absent) member service');
    t.equal((await send()).statusCode, 502);
    const limited = await send();
    t.same([limited.statusCode, limited.json()], [429, { isSuccess: false, code: 'TooManyRequests' }]);
    t.ok(Number(limited.headers['retry-after']) > 0, 'Retry-After');
  });
});

t.test('password manager passwords sign in', async (t) => {
  /**
   * Registration and password changes accept up to 100 characters, so sign-in must too: a
   * member whose password manager made a long password would otherwise be locked out for good.
   * 50 stays the limit of the e-mail/ID.
   */

  /** 64 characters of the allowed set, as a password manager makes them. */
  const LONG = 'Xk7#pQ2&vN9!mR4^wT6*yL8-bH3@cJ5$'.repeat(2);
  const LONGEST = `${LONG}${'aB3-'.repeat(9)}`;

  t.test('a 64-character password registers, signs in at the portal and at the member service, and changes', async (t) => {
    t.equal(LONG.length, 64);
    t.equal(LONGEST.length, 100);
    const stack = await startStack(t);
    const email = 'long-password@example.com';
    const browser = createClient(stack.bffUrl);
    t.equal(
      (await browser.post('/api/Member/Register', validRegistration(email, { password: LONG, confirmPassword: LONG }))).body.code,
      'ok',
      'registers',
    );
    const link = await activationLinkFor(stack.dataDir, email);
    t.equal((await browser.post('/api/Member/Activate', { userId: link!.userId, token: link!.token })).body.code, 'ok');

    const signedIn = await browser.post('/api/Member/Login', { userId: email, password: LONG });
    t.same([signedIn.status, signedIn.body.code], [200, 'ok'], 'signs in at the portal');

    const upstream = await stack.apps.memberService.inject({
      method: 'POST',
      url: '/api/Member/Login',
      headers: { 'x-service-key': stack.bffConfig.upstreamServiceKey },
      payload: { userId: email, password: encodePassword(LONG, stack.bffConfig.passwordEncodingKey) },
    });
    t.same([upstream.statusCode, upstream.json().code], [200, 'ok'], 'signs in at the member service');

    t.equal((await browser.post('/api/Member/ValidatePwd', { password: LONG })).body.code, 'passwordused', 'ValidatePwd takes it');
    const changed = await browser.post('/api/Member/ResetPwd', {
      currentPassword: LONG,
      newPassword: LONGEST,
      confirmPassword: LONGEST,
      lang: 'en',
    });
    t.equal(changed.body.code, 'ok', 'ResetPwd takes it as the current password');
    t.equal(
      (await createClient(stack.bffUrl).post('/api/Member/Login', { userId: email, password: LONGEST })).body.code,
      'ok',
      '100 characters sign in',
    );
  });

  t.test('sign-in still refuses what no rule allows: a password over 100 characters, an ID over 50', async (t) => {
    const stack = await startStack(t);
    const browser = createClient(stack.bffUrl);
    const tooLong = await browser.post('/api/Member/Login', { userId: 'ada@example.com', password: `${LONGEST}x` });
    t.same([tooLong.status, tooLong.body.errors], [400, [{ field: 'password', code: 'Form_Length' }]]);
    const longId = await browser.post('/api/Member/Login', { userId: `${'a'.repeat(39)}@example.com`, password: LONG });
    t.same([longId.status, longId.body.errors], [400, [{ field: 'userId', code: 'Form_Length' }]]);
  });
});

t.test('a passkey sign in does not wait on the password lock', async (t) => {
  /**
   * ASVS 6.3.1 / 6.4: a passkey cannot be guessed, so the password lock must not apply to it:
   * whoever knows the address could otherwise keep the member out of passkey sign-in with five
   * wrong passwords every 180 seconds. Refused assertions are counted against that credential instead.
   */
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const { stack, member, login } = await startSignInStack(t, { env: { PORT: String(port), PUBLIC_ORIGIN: origin } });

  async function withPasskey() {
    const ada = await member();
    const owner = createClient(stack.bffUrl);
    await login(owner, ada.email);
    const key = new SoftwareAuthenticator(origin);
    const options = await owner.post('/api/Member/Passkey/RegisterOptions');
    const added = await owner.post('/api/Member/Passkey/Register', { credential: key.register(options.body.data), name: 'Laptop' });
    if (added.body.code !== 'ok') throw new Error(`no passkey: ${added.body.code}`);
    return { ada, key };
  }

  async function passkeySignIn(key: SoftwareAuthenticator, browser: TestClient = createClient(stack.bffUrl)) {
    const options = await browser.post('/api/Member/Passkey/LoginOptions');
    return (await browser.post('/api/Member/Passkey/Login', { credential: key.assert(options.body.data) })).body.code as string;
  }

  t.test('five wrong passwords lock the password, not the passkey', async (t) => {
    const { ada, key } = await withPasskey();
    const stranger = createClient(stack.bffUrl);
    const codes: string[] = [];
    for (let i = 0; i <= LOCKOUT_MAX_FAILURES; i += 1) codes.push((await login(stranger, ada.email, `Wrong-guess-${i}`)).body.code);
    t.equal(codes.at(-1), 'AccountLock', 'the password is locked');
    t.equal((await login(createClient(stack.bffUrl), ada.email)).body.code, 'AccountLock', 'even for the right password');

    const browser = createClient(stack.bffUrl);
    t.equal(await passkeySignIn(key, browser), 'ok', 'the passkey still signs the member in');
    t.equal((await browser.get('/api/Member')).body.data.email, ada.email);
  });

  t.test('refused assertions lock that credential alone, and leave the password alone', async (t) => {
    const { ada, key } = await withPasskey();
    // Another key presenting the member's credential id: its signatures never verify.
    const forger = new SoftwareAuthenticator(origin).claiming(key.credentialId);
    const codes: string[] = [];
    for (let i = 0; i <= LOCKOUT_MAX_FAILURES; i += 1) codes.push(await passkeySignIn(forger));
    t.same(codes.slice(0, LOCKOUT_MAX_FAILURES - 1), Array(LOCKOUT_MAX_FAILURES - 1).fill('PasskeyNotAccepted'));
    t.equal(codes.at(-1), 'AccountLock', 'the credential is locked after five refusals');
    t.equal(await passkeySignIn(key), 'AccountLock', 'for a while, even for its real owner');
    t.equal((await login(createClient(stack.bffUrl), ada.email)).body.code, 'ok', 'the password was never locked by it');
  });
});
