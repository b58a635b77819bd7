import t, { type Test } from 'tap';
import { ManualClock } from '../../../server/common/clock.ts';
import type { EndedSession } from '../../../server/bff/sessions/end-sessions.ts';
import { createClient, TEST_PASSWORD, type TestClient } from '../../helper.ts';
import { SITE_KEY, startSignInStack } from '../../bff/sign-in-fixtures.ts';

/**
 * ASVS 7.4.1 / 7.4.2: however a session ends (sign-out, timeout, ended from Devices and sessions,
 * "This wasn't me", a password change), it ends upstream too: the member token is revoked, and with
 * it every ticket it issued. Each end is told, once, to whoever listens (back-channel logout).
 */
const ended: EndedSession[] = [];
const clock = new ManualClock();
const { stack, member, login } = await startSignInStack(t, {
  clock,
  env: { SESSION_IDLE_SECONDS: '600', SESSION_ABSOLUTE_SECONDS: '3600' },
  onSessionEnded: [(session) => void ended.push(session)],
});

/** A browser signed in with a ticket for the shop, and how the shop would redeem it. */
async function withTicket(email: string) {
  const browser = createClient(stack.bffUrl);
  const signedIn = await login(browser, email, TEST_PASSWORD, 'https://shop.example/welcome');
  const ticket = { memberId: signedIn.body.data.id, tempId: signedIn.body.data.tempId };
  const redeem = async () =>
    (await createClient(stack.bffUrl).post('/api/Member/CheckGoToProfile', ticket, { headers: { authorization: `Bearer ${SITE_KEY}` } }))
      .body.code as string;
  return { browser, redeem };
}

async function endsLike(t: Test, reason: EndedSession['reason'], end: (browser: TestClient, owner: TestClient) => Promise<unknown>) {
  const ada = await member({ preferring: 0 });
  const owner = createClient(stack.bffUrl);
  await login(owner, ada.email);
  const { browser, redeem } = await withTicket(ada.email);
  ended.length = 0;
  await end(browser, owner);
  t.equal((await browser.get('/api/Member')).status, 401, 'the session has ended');
  t.equal(await redeem(), 'TempIdInValid', 'its ticket is void: the token was revoked');
  t.same(
    ended.filter((e) => e.reason === reason).map((e) => [e.signInMethod, typeof e.sessionId, typeof e.memberId]),
    [['password', 'string', 'number']],
    `the listeners heard of it once, as ${reason}`,
  );
}

t.test('sign-out', (t) => endsLike(t, 'signOut', (browser) => browser.get('/api/Member/Logout')));

t.test('idle timeout', (t) =>
  endsLike(t, 'idleTimeout', async (browser) => {
    clock.advance(601_000);
    await browser.get('/api/Member');
  }),
);

t.test('ended from Devices and sessions', (t) =>
  endsLike(t, 'endedByMember', async (_browser, owner) => {
    const other = (await owner.get('/api/Member/Sessions')).body.data.find((s: { current: boolean }) => !s.current);
    await owner.delete(`/api/Member/Sessions/${other.id}`);
  }),
);

t.test('a password change ends the other sessions and their tickets', (t) =>
  endsLike(t, 'passwordChanged', async (_browser, owner) => {
    const changed = await owner.post('/api/Member/ResetPwd', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'Another-Pass-2026',
      confirmPassword: 'Another-Pass-2026',
    });
    t.equal(changed.body.code, 'ok');
    t.equal((await owner.get('/api/Member')).status, 200, 'the session that changed it goes on');
  }),
);
