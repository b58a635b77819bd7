import t, { type Test } from 'tap';
import type { Session } from 'fastify';
import { MemoryStore } from '../../../server/bff/store/memory-store.ts';
import { KeyValueSessionStore } from '../../../server/bff/store/session-store.ts';
import { type EndedSession } from '../../../server/bff/sessions/end-sessions.ts';
import { ManualClock } from '../../../server/common/clock.ts';
import { SITE_KEY, startSignInStack } from '../../bff/sign-in-fixtures.ts';
import { createActiveMember, createClient, signIn, type Stack, startStack, TEST_PASSWORD, type TestClient } from '../../helper.ts';
import { findLink, waitForMail } from '../../helpers/outbox.ts';

/**
 * However a session ends (sign-out, timeout, a password change, "This wasn't me"), it ends
 * upstream too and leaves nothing an intruder could use.
 */

t.test('not me link lasts seven days and ends with a password change', async (t) => {
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
});

t.test('every way a session ends revokes its token and tells the listeners', async (t) => {
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
});

t.test('not me link is single use and bound to its event', async (t) => {
  const SAFARI =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

  /**
   * The new-device mail's "This wasn't me" link works without a session, so its token is the only
   * proof: it must fit its own event only, work once, and a guessed token must do nothing.
   */
  t.test('the link token fits only its event, works once, and guesses do nothing', async (t) => {
    const stack = await startStack(t);
    const member = await createActiveMember(stack);
    const owner = await signIn(stack, member);
    const other = createClient(stack.bffUrl);
    await other.post('/api/Member/Login', { userId: member.email, password: member.password }, { headers: { 'user-agent': SAFARI } });
    const link = findLink(await waitForMail(stack.dataDir, member.email, { count: 2 }), '/not-me/');
    t.ok(link, 'the second browser brought a new-device mail');
    const [, , , eventId = '', token = ''] = new URL(link!).pathname.split('/').map(decodeURIComponent);
    const ownSignIn = (await owner.get('/api/Member/SecurityEvents')).body.data.events.find(
      (e: { id: string; type: string }) => e.type === 'signIn' && e.id !== eventId,
    );

    const anonymous = createClient(stack.bffUrl);
    const notMe = (body: object) => anonymous.post('/api/Member/SecurityEvents/NotMe', body);
    t.equal((await notMe({ eventId: ownSignIn.id, token })).status, 404, "the token does not fit another event of the member's");
    t.equal(
      (await notMe({ eventId, token: `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}` })).status,
      404,
      'a token one character off finds nothing',
    );
    t.equal((await notMe({ eventId })).status, 401, 'without a token the action needs a session');
    t.same((await owner.get('/api/Member/IsLogin')).body.data, { isLogin: true }, 'none of that ended anything');

    t.same((await notMe({ eventId, token })).body, { isSuccess: true, code: 'ok' });
    t.equal((await notMe({ eventId, token })).status, 404, 'a second use finds nothing');
    t.same((await owner.get('/api/Member/IsLogin')).body.data, { isLogin: false });
  });
});

t.test('not me ends every session token and ticket', async (t) => {
  /**
   * ASVS 7.4.x / 7.5.2: disowning an event ("This wasn't me") must leave an intruder nothing: no
   * portal session, no member token, and no sign-in ticket a company site could still redeem,
   * whichever browser the ticket was issued to.
   */
  t.test("This wasn't me: the intruder's session, its member token and its unredeemed ticket all stop working", async (t) => {
    const { stack, member, login } = await startSignInStack(t);
    const ada = await member({ preferring: 0 });
    const owner = createClient(stack.bffUrl);
    await login(owner, ada.email);

    const intruder = createClient(stack.bffUrl);
    const signedIn = await login(intruder, ada.email, undefined, 'https://shop.example/welcome');
    const ticket = { memberId: signedIn.body.data.id, tempId: signedIn.body.data.tempId };
    t.match(ticket.tempId, /^[A-Za-z0-9_-]{43}$/, 'the intruder holds a ticket for the company site');

    const events = (await owner.get('/api/Member/SecurityEvents')).body.data.events;
    const intrusion = events.find((e: { type: string }) => e.type === 'signIn');
    t.same((await owner.post('/api/Member/SecurityEvents/NotMe', { eventId: intrusion.id })).body, { isSuccess: true, code: 'ok' });

    t.equal((await intruder.get('/api/Member/Sessions')).status, 401, "the intruder's session is gone");
    t.same((await intruder.get('/api/Member/IsLogin')).body.data, { isLogin: false });
    const shop = createClient(stack.bffUrl);
    const redeemed = await shop.post('/api/Member/CheckGoToProfile', ticket, { headers: { authorization: `Bearer ${SITE_KEY}` } });
    t.same(redeemed.body, { isSuccess: false, code: 'TempIdInValid' }, 'the ticket can no longer be redeemed');
  });
});

t.test('a request under way when its session ends does not bring the session back', async (t) => {
  // The session store as @fastify/session drives it: a request loaded the session (and moved its
  // lastSeenAt), the member signed out meanwhile, then the request saves on its way out.
  const clock = new ManualClock(Date.UTC(2026, 2, 1, 9));
  const kv = new MemoryStore(clock);
  const store = new KeyValueSessionStore(kv, clock, { idleSeconds: 600, absoluteSeconds: 3600 });
  const save = (id: string, session: Session) =>
    new Promise<void>((resolve, reject) => store.set(id, session, (err) => (err ? reject(err) : resolve())));
  const load = (id: string) =>
    new Promise<Session | null | undefined>((resolve, reject) => store.get(id, (err, session) => (err ? reject(err) : resolve(session))));
  const drop = (id: string) => new Promise<void>((resolve, reject) => store.destroy(id, (err) => (err ? reject(err) : resolve())));
  const signedIn = () =>
    ({ memberId: 7, memberToken: 'token', userId: 'ada@example.com', signedInAt: clock.now(), lastSeenAt: clock.now() }) as Session;

  const started = signedIn();
  store.started(started);
  await save('s1', started);
  t.equal((await load('s1'))?.memberId, 7, 'a sign-in stores its new session');

  const underWay = (await load('s1'))!;
  clock.advance(31_000);
  underWay.lastSeenAt = clock.now();
  await save('s1', underWay);
  t.equal((await load('s1'))?.lastSeenAt, clock.now(), 'a later save of a live session replaces it');

  const lateRequest = (await load('s1'))!;
  await drop('s1');
  lateRequest.lastSeenAt = clock.now() + 1;
  await save('s1', lateRequest);
  t.equal(await load('s1'), null, 'signed out meanwhile: the late save stores nothing');

  const anonymous = { passkeyChallenge: 'challenge' } as Session;
  await save('s2', anonymous);
  t.equal((await load('s2'))?.passkeyChallenge, 'challenge', "a visitor's sign-in under way is stored as before");
});

t.test("the store keeps a session without its cookie's attributes, which come from the session options", async (t) => {
  const clock = new ManualClock(Date.UTC(2026, 2, 1, 9));
  const kv = new MemoryStore(clock);
  const store = new KeyValueSessionStore(kv, clock, { idleSeconds: 600, absoluteSeconds: 3600 });
  const member = { memberId: 7, memberToken: 'token', userId: 'ada@example.com', signedInAt: clock.now(), lastSeenAt: clock.now() };
  const session = { ...member, cookie: { path: '/', httpOnly: true, sameSite: 'lax' } } as Session;
  store.started(session);
  await new Promise<void>((resolve, reject) => store.set('s1', session, (err) => (err ? reject(err) : resolve())));
  t.same(JSON.parse((await kv.get('session:s1'))!), member, 'every field but the cookie');
});
