import t from 'tap';
import { ManualClock } from '../../server/common/clock.ts';
import { createClient } from '../helper.ts';
import { startSignInStack } from './sign-in-fixtures.ts';

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

t.test('every result code reaches the browser; the codes that sign in start a session', async (t) => {
  const clock = new ManualClock(Date.UTC(2026, 0, 1));
  const { stack, member, setMember, login } = await startSignInStack(t, { clock, env: { ALLOWED_CALLBACK_HOSTS: 'shop.example' } });
  const ada = await member();
  const expectations: Array<[string, Record<string, unknown>, boolean]> = [
    ['defaultpwd', { status: 2, password_changed_at: null }, true],
    ['mustchange', { status: 2, password_changed_at: clock.now() }, true],
    ['expired', { status: 3 }, true],
    ['OneYearNotUpdatePwd', { status: 1, password_changed_at: clock.now() - YEAR_MS - 1 }, false],
    ['unauthorized', { status: 4, password_changed_at: clock.now() }, false],
    ['unauthorized', { status: 5 }, false],
    ['mustactivate', { status: 0 }, false],
    ['ok', { status: 1 }, true],
  ];
  for (const [code, changes, signsIn] of expectations) {
    await setMember(ada.email, changes);
    const browser = createClient(stack.bffUrl);
    const reply = await login(browser, ada.email);
    t.equal(reply.body.code, code, `${JSON.stringify(changes)} → ${code}`);
    t.notMatch(reply.text, /token/i, `${code}: no member token in the reply`);
    t.same((await browser.get('/api/Member/IsLogin')).body.data, { isLogin: signsIn }, `${code}: ${signsIn ? 'signed in' : 'no session'}`);
    if (code === 'defaultpwd') t.equal((await browser.get('/api/Member')).body.data.status, 2, 'the header check sees status 2');
  }
  const hr = await login(createClient(stack.bffUrl), 'someone@corp.example');
  t.same(hr.body, { isSuccess: false, code: 'ContactHR', data: { remainingSeconds: 0 } }, 'company address');
  const bad = await createClient(stack.bffUrl).post('/api/Member/Login', { userId: '', password: 'x' });
  t.same([bad.status, bad.body.code], [400, 'FormValidateFail'], 'bad input is refused');
});
