import t from 'tap';
import { loginOutcome } from '../../client/pages/login/login-outcome.ts';

t.test('a successful sign-in leaves for the redirect URL, else my-account', async (t) => {
  t.same(loginOutcome({ isSuccess: true, code: 'ok', data: { redirectUrl: 'https://shop.example.com/?id=1' } }, 'ja-jp', 'a'), {
    kind: 'leave',
    url: 'https://shop.example.com/?id=1',
  });
  t.same(loginOutcome({ isSuccess: true, code: 'ok' }, 'ja-jp', 'a'), { kind: 'leave', url: '/ja-jp/my-account' });
});

t.test('password codes go to the password screens and remember the user id', async (t) => {
  for (const code of ['defaultpwd', 'expired', 'mustchange']) {
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
  t.same(loginOutcome({ isSuccess: false, code: 'AccountOrPwdFail' }, 'en', 'a'), { kind: 'error', code: 'AccountOrPwdFail', title: undefined });
  t.same(loginOutcome({ isSuccess: false, code: 'mustactivate', title: 'Check your mail' }, 'en', 'a'), {
    kind: 'error',
    code: 'mustactivate',
    title: 'Check your mail',
  });
  t.same(loginOutcome({ isSuccess: false, code: '' }, 'en', 'a'), { kind: 'error', code: 'AccountOrPwdFail', title: undefined });
});
