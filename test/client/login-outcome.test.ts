import t from 'tap';
import { loginOutcome, withSsoParams } from '../../client/session/login-outcome.ts';
import type { ReplyCode } from '../../shared/codes.ts';

/** A code a misbehaving server might send: the client must still fall back to a known one. */
const OUTSIDE_THE_CONTRACT = '' as ReplyCode;

t.test('a successful sign-in leaves for the redirect URL, else opens my-account', async (t) => {
  t.same(loginOutcome({ isSuccess: true, code: 'ok', data: { redirectUrl: 'https://shop.example.com/?id=1' } }, 'ja-jp', 'a'), {
    kind: 'leave',
    url: 'https://shop.example.com/?id=1',
  });
  t.same(loginOutcome({ isSuccess: true, code: 'ok' }, 'ja-jp', 'a'), { kind: 'screen', path: '/ja-jp/my-account' });
});

t.test('password codes go to the password screens and remember the user id', async (t) => {
  for (const code of ['defaultpwd', 'expired', 'mustchange'] as const) {
    t.same(loginOutcome({ isSuccess: false, code }, 'en', 'typed@example.com'), {
      kind: 'screen',
      path: '/en/change-password',
      userId: 'typed@example.com',
    });
  }
  t.same(loginOutcome({ isSuccess: false, code: 'OneYearNotUpdatePwd', data: { userId: 'server-id' } }, 'es-es', 'typed'), {
    kind: 'screen',
    path: '/es-es/notice-please-change-password',
    userId: 'server-id',
  });
});

t.test('other codes are shown, with the server title when there is one', async (t) => {
  t.same(loginOutcome({ isSuccess: false, code: 'AccountOrPwdFail' }, 'en', 'a'), {
    kind: 'error',
    code: 'AccountOrPwdFail',
    title: undefined,
  });
  t.same(loginOutcome({ isSuccess: false, code: 'mustactivate', title: 'Check your mail' }, 'en', 'a'), {
    kind: 'error',
    code: 'mustactivate',
    title: 'Check your mail',
  });
  t.same(loginOutcome({ isSuccess: false, code: OUTSIDE_THE_CONTRACT }, 'en', 'a'), {
    kind: 'error',
    code: 'AccountOrPwdFail',
    title: undefined,
  });
});

t.test('the redirect gets id and tempid appended, its own query and fragment kept', async (t) => {
  const reply = {
    isSuccess: true,
    code: 'ok' as const,
    data: { redirectUrl: 'https://shop.example.com/cart?step=2&id=old#top', id: 'pub1', tempId: 'tick et' },
  };
  t.same(loginOutcome(reply, 'en', 'a'), { kind: 'leave', url: 'https://shop.example.com/cart?step=2&id=pub1&tempid=tick+et#top' });
  t.equal(withSsoParams('/en/my-account?pass=x', 'p', 't'), '/en/my-account?pass=x&id=p&tempid=t', 'a portal path stays a path');
  t.equal(withSsoParams('https://shop.example.com/', undefined, 't'), 'https://shop.example.com/', 'nothing without both');
});

t.test('preferring goes to choosing-preferring, carrying the way back with its ticket', async (t) => {
  const reply = { isSuccess: true, code: 'preferring' as const, data: { redirectUrl: 'https://shop.example.com/x', id: 'p', tempId: 't' } };
  t.same(loginOutcome(reply, 'ko-kr', 'a'), {
    kind: 'screen',
    path: `/ko-kr/choosing-preferring?callbackurl=${encodeURIComponent('https://shop.example.com/x?id=p&tempid=t')}`,
  });
});

t.test('a lock keeps its seconds for the countdown', async (t) => {
  t.same(loginOutcome({ isSuccess: false, code: 'AccountLock', data: { remainingSeconds: 120 } }, 'en', 'a'), {
    kind: 'error',
    code: 'AccountLock',
    title: undefined,
    remainingSeconds: 120,
  });
});
