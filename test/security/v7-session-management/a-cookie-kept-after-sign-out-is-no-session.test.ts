import t from 'tap';
import { createActiveMember, createClient, signIn, startStack } from '../../helper.ts';

/**
 * The portal remembers cookies whose signature it has checked (sessions/verified-cookies.ts). An
 * attacker who kept a copy of a signed-in cookie (a shared computer, a leaked log) must gain
 * nothing once the session ended: a good signature only names a session, the store decides
 * whether it is still one.
 */
t.test('a copy of a session cookie kept past sign-out gets no session, and the browser is told to drop it', async (t) => {
  const stack = await startStack(t);
  const member = await createActiveMember(stack);
  const browser = await signIn(stack, member);
  t.equal((await browser.get('/api/Member')).status, 200, 'signed in: its signature checked and remembered');
  t.equal((await browser.get('/api/Member')).status, 200, 'and read again');

  const copy = createClient(stack.bffUrl);
  copy.cookies.set('portal-session', browser.cookies.get('portal-session')!);
  t.equal((await browser.get('/api/Member/Logout')).status, 200, 'the member signs out');

  const replay = await copy.get('/api/Member');
  t.equal(replay.status, 401, 'the kept copy reads nothing');
  t.ok(
    replay.headers.getSetCookie().some((line) => line.startsWith('portal-session=;')),
    'the reply clears the cookie it no longer knows',
  );
  t.same((await copy.get('/api/Member/IsLogin')).body.data, { isLogin: false });
});
