import t from 'tap';
import { ManualClock } from '../../../server/common/clock.ts';
import { buildBff, createClient } from '../../helper.ts';
import { startSignInStack } from '../../bff/sign-in-fixtures.ts';

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
  t.same([fifth.status, fifth.body], [200, { isSuccess: false, code: 'AccountLock', data: { remainingSeconds: 180 } }], 'the fifth locks');

  clock.advance(60_000);
  t.same(
    (await login(browser, ada.email)).body,
    { isSuccess: false, code: 'AccountLock', data: { remainingSeconds: 120 } },
    'the right password during the lock: locked, countdown runs on',
  );
  t.same((await login(browser, ada.email, 'Wrong1234')).body.data, { remainingSeconds: 120 }, 'attempts during the lock do not extend it');
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
