import t from 'tap';
import { ManualClock } from '../../../server/common/clock.ts';
import { openMemberStore } from '../../../server/member-service/store/store.ts';
import { createActiveMember, createClient, signIn, startStack, TEST_PASSWORD } from '../../helper.ts';

function setCookieLine(headers: Headers): string {
  const lines = headers.getSetCookie();
  return lines.find((line) => line.includes('portal-session=')) ?? '';
}

t.test('the session cookie: HttpOnly, SameSite=Lax, path /, no Secure over plain http', async (t) => {
  const stack = await startStack(t);
  const member = await createActiveMember(stack);
  const browser = createClient(stack.bffUrl);
  const res = await browser.post('/api/Member/Login', { userId: member.email, password: TEST_PASSWORD });
  const line = setCookieLine(res.headers);
  t.match(line, /^portal-session=/);
  t.match(line, /; HttpOnly/i);
  t.match(line, /; SameSite=Lax/i);
  t.match(line, /; Path=\//i);
  t.notMatch(line, /; Secure/i);
  t.notMatch(line, /Domain=/i);
  t.notMatch(line, /Expires=|Max-Age=/i, 'a browser-session cookie: the limits are kept on the server');
  t.equal(
    (await createClient(stack.bffUrl).get('/api/Member/IsLogin')).headers.getSetCookie().length,
    0,
    'anonymous visitors get no cookie',
  );
});

t.test('behind https the cookie is Secure with the __Host- prefix', async (t) => {
  const stack = await startStack(t, { env: { PUBLIC_ORIGIN: 'https://member.example.com', TRUST_PROXY: '1' } });
  const member = await createActiveMember(stack);
  const browser = createClient(stack.bffUrl);
  const https = { headers: { 'x-forwarded-proto': 'https' } };
  const res = await browser.post('/api/Member/Login', { userId: member.email, password: TEST_PASSWORD }, https);
  const line = setCookieLine(res.headers);
  t.match(line, /^__Host-portal-session=/);
  t.match(line, /; Secure/i);
  t.match(line, /; HttpOnly/i);
  t.match(line, /; Path=\//i);
  t.notMatch(line, /Domain=/i);
  t.equal((await browser.get('/api/Member', https)).status, 200, 'the session works');
});

t.test('sign-in always issues a new session id; a planted or earlier id stops working', async (t) => {
  const stack = await startStack(t);
  const attackerAccount = await createActiveMember(stack);
  const victimAccount = await createActiveMember(stack);

  const attacker = await signIn(stack, attackerAccount);
  // The session cookie by name: the browser also holds the device cookie.
  const planted = [...attacker.cookies].find(([name]) => name === 'portal-session')!;
  const victim = createClient(stack.bffUrl);
  victim.cookies.set(planted[0], planted[1]);
  const res = await victim.post('/api/Member/Login', { userId: victimAccount.email, password: TEST_PASSWORD });
  t.equal(res.body.code, 'ok');
  const issued = victim.cookies.get(planted[0]);
  t.ok(issued, 'a session cookie');
  t.not(issued, planted[1], 'the id changed at sign-in');
  t.equal((await victim.get('/api/Member')).body.data.email, victimAccount.email);
  t.equal((await attacker.get('/api/Member')).status, 401, 'the planted id is no longer a session');

  const before = victim.cookies.get(planted[0]);
  await victim.post('/api/Member/Login', { userId: victimAccount.email, password: TEST_PASSWORD });
  t.not(victim.cookies.get(planted[0]), before, 'signing in again changes it again');
});

t.test('a forged or unknown cookie is just no session', async (t) => {
  const stack = await startStack(t);
  const browser = createClient(stack.bffUrl);
  browser.cookies.set('portal-session', 'made-up.value');
  t.equal((await browser.get('/api/Member')).status, 401);
  t.same((await browser.get('/api/Member/IsLogin')).body.data, { isLogin: false });
});

t.test('idle timeout: activity keeps the session, a pause longer than the limit ends it', async (t) => {
  const clock = new ManualClock();
  const stack = await startStack(t, { clock, env: { SESSION_IDLE_SECONDS: '60', SESSION_ABSOLUTE_SECONDS: '600' } });
  const member = await createActiveMember(stack);
  const browser = await signIn(stack, member);
  for (let i = 0; i < 4; i += 1) {
    clock.advance(50_000);
    t.equal((await browser.get('/api/Member')).status, 200, `still signed in after ${(i + 1) * 50} s of activity`);
  }
  clock.advance(61_000);
  const res = await browser.get('/api/Member');
  t.equal(res.status, 401);
  t.same(res.body, { isSuccess: false, code: 'Unauthorized' });
  t.same((await browser.get('/api/Member/IsLogin')).body.data, { isLogin: false });
});

t.test('absolute timeout: the session ends however active it is', async (t) => {
  const clock = new ManualClock();
  const stack = await startStack(t, { clock, env: { SESSION_IDLE_SECONDS: '60', SESSION_ABSOLUTE_SECONDS: '180' } });
  const member = await createActiveMember(stack);
  const browser = await signIn(stack, member);
  clock.advance(50_000);
  t.equal((await browser.get('/api/Member')).status, 200);
  clock.advance(50_000);
  t.equal((await browser.get('/api/Member')).status, 200);
  clock.advance(50_000);
  t.equal((await browser.get('/api/Member')).status, 200, '150 s after sign-in');
  clock.advance(31_000);
  t.equal((await browser.get('/api/Member')).status, 401, '181 s after sign-in');
  const again = await browser.post('/api/Member/Login', { userId: member.email, password: TEST_PASSWORD });
  t.equal(again.body.code, 'ok', 'signing in again works');
  t.equal((await browser.get('/api/Member')).status, 200);
});

t.test('when the member service no longer accepts the token, the session ends with 401', async (t) => {
  const clock = new ManualClock();
  const stack = await startStack(t, { clock, memberService: { tokenTtlSeconds: 120 } });
  const member = await createActiveMember(stack);
  const browser = await signIn(stack, member);
  t.equal((await browser.get('/api/Member')).status, 200);
  clock.advance(121_000);
  const res = await browser.get('/api/Member');
  t.equal(res.status, 401);
  t.same(res.body, { isSuccess: false, code: 'Unauthorized' });
  t.notOk(browser.cookies.has('portal-session'), 'the session cookie is cleared (the device cookie stays)');
});

t.test("a member's sessions can be found, and end at sign-out", async (t) => {
  const stack = await startStack(t);
  const member = await createActiveMember(stack);
  const laptop = await signIn(stack, member);
  const phone = await signIn(stack, member);
  // The browser never sees the member's internal id; the member store has it.
  const members = await openMemberStore({ dataDir: stack.dataDir });
  t.teardown(() => members.close());
  const memberId = (await members.members.findByEmail(member.email))!.id;
  const store = stack.apps.bff.memberSessions;
  t.equal((await store.memberSessionIds(memberId)).length, 2);
  await phone.get('/api/Member/Logout');
  t.equal((await store.memberSessionIds(memberId)).length, 1);
  t.equal((await laptop.get('/api/Member')).status, 200, 'the other device stays signed in');
});
