import { createHmac, hkdfSync } from 'node:crypto';
import { Signer } from '@fastify/cookie';
import t from 'tap';
import { ManualClock } from '../../../server/common/clock.ts';
import { openMemberStore } from '../../../server/member-service/store/store.ts';
import { createActiveMember, createClient, signIn, startStack, TEST_PASSWORD } from '../../helper.ts';
import { readOutbox } from '../../helpers/outbox.ts';

/**
 * The session and device cookies: set safely, keyed apart, renewed at sign-in, worthless once
 * forged, copied or ended.
 */

t.test('session cookie fixation and timeouts', async (t) => {
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
    const clock = new ManualClock();
    const stack = await startStack(t, { clock, env: { PUBLIC_ORIGIN: 'https://member.example.com', TRUST_PROXY: '1' } });
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

    // A later request that records itself saves the session again, restored from the store.
    clock.advance(31_000);
    const renewed = setCookieLine((await browser.get('/api/Member', https)).headers);
    t.match(renewed, /^__Host-portal-session=/, 'the saved session renews its cookie');
    for (const attribute of [/; Secure/i, /; HttpOnly/i, /; Path=\//i, /; SameSite=Lax/i]) t.match(renewed, attribute);
    t.notMatch(renewed, /Domain=|Expires=|Max-Age=/i, 'with the same attributes as at sign-in');
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
});

t.test('a cookie kept after sign out is no session', async (t) => {
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
});

t.test('device cookie is signed httponly and long lived', async (t) => {
  const SAFARI =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

  /**
   * The browser is recognised by a cookie script cannot read, and whose value an attacker cannot
   * choose: a forged or copied-and-altered device cookie makes the browser new, so the member is
   * mailed about the sign-in rather than the intruder passing as a known device.
   */
  t.test('the device cookie is HttpOnly, SameSite, long-lived and signed: a forged one counts as a new device', async (t) => {
    const stack = await startStack(t);
    const member = await createActiveMember(stack);
    const newDeviceMails = async () =>
      (await readOutbox(stack.dataDir)).filter((m) => m.to === member.email && m.text.includes('/not-me/')).length;
    const waitForMails = async (count: number) => {
      for (let tries = 0; tries < 200 && (await newDeviceMails()) < count; tries++) await new Promise((r) => setTimeout(r, 50));
      return newDeviceMails();
    };

    const owner = createClient(stack.bffUrl);
    const first = await owner.post('/api/Member/Login', { userId: member.email, password: member.password });
    const header = first.headers.getSetCookie().find((line) => line.startsWith('portal-device='));
    t.ok(header, 'a device cookie is set at sign-in');
    t.match(header, /HttpOnly/i);
    t.match(header, /SameSite=Lax/i);
    t.match(header, /Max-Age=34560000/, '400 days, renewed at every sign-in');
    const value = decodeURIComponent(owner.cookies.get('portal-device') ?? '');
    t.match(value, /^[A-Za-z0-9_-]+\.[A-Za-z0-9+/_=-]+$/, 'an id and its signature');

    const intruder = createClient(stack.bffUrl);
    const [id = ''] = value.split('.');
    intruder.cookies.set('portal-device', encodeURIComponent(`${id}.forged-signature`));
    await intruder.post('/api/Member/Login', { userId: member.email, password: member.password }, { headers: { 'user-agent': SAFARI } });
    t.equal(await waitForMails(1), 1, 'a copied id with a forged signature is a new device: the member is mailed');

    const unsigned = createClient(stack.bffUrl);
    unsigned.cookies.set('portal-device', id);
    await unsigned.post('/api/Member/Login', { userId: member.email, password: member.password }, { headers: { 'user-agent': SAFARI } });
    t.equal(await waitForMails(2), 2, 'so is the bare id without a signature');
  });
});

t.test('session cookie device cookie and session ids each have a key of their own', async (t) => {
  /**
   * ASVS 11.x / 7.2: one secret, one use. SESSION_SECRET is never used as a key itself; the session
   * cookie, the device cookie and the ids of the member's list of sessions each use a key derived
   * from it by HKDF-SHA256 with a label of its own, so that a value made for one use is worthless
   * as another and no signature reveals anything about the secret's other uses.
   */
  const SECRET = 'a-session-secret-of-the-operator-0123456789';
  const derived = (label: string) => Buffer.from(hkdfSync('sha256', SECRET, '', label, 32)).toString('base64url');

  t.test('each value is keyed by its own derived key, none by the secret', async (t) => {
    const stack = await startStack(t, { env: { SESSION_SECRET: SECRET } });
    const browser = await signIn(stack, await createActiveMember(stack));
    const sessionCookie = decodeURIComponent(browser.cookies.get('portal-session') ?? '');
    const deviceCookie = decodeURIComponent(browser.cookies.get('portal-device') ?? '');
    t.ok(sessionCookie && deviceCookie, 'both cookies are set at sign-in');

    const keys = {
      session: derived('portal session cookie v1'),
      device: derived('portal device cookie v1'),
      ids: derived('portal session list ids v1'),
    };
    t.equal(new Set([SECRET, ...Object.values(keys)]).size, 4, 'four different keys');

    t.notOk(new Signer(SECRET).unsign(sessionCookie).valid, 'the session cookie is not signed with the secret');
    t.ok(new Signer(keys.session).unsign(sessionCookie).valid, 'but with its own key');
    t.notOk(new Signer(keys.device).unsign(sessionCookie).valid, 'which is not the device key');

    t.notOk(new Signer(SECRET).unsign(deviceCookie).valid, 'the device cookie is not signed with the secret');
    t.ok(new Signer(keys.device).unsign(deviceCookie).valid, 'but with its own key');
    t.notOk(new Signer(keys.session).unsign(deviceCookie).valid, 'which is not the session key');

    const sessionId = new Signer(keys.session).unsign(sessionCookie).value!;
    const listedId = (await browser.get('/api/Member/Sessions')).body.data[0].id;
    const idUnder = (key: string) => createHmac('sha256', key).update(`member-session:${sessionId}`).digest('base64url').slice(0, 32);
    t.equal(listedId, idUnder(keys.ids), 'the listed id is keyed by the ids key');
    t.not(listedId, idUnder(SECRET), 'not by the secret');
  });
});

t.test('members end only their own sessions', async (t) => {
  /**
   * ASVS 7.5.2: a member ends only their own sessions. Another member's session id, the raw
   * session id out of a cookie, and made-up ids are all NotFound, and end nothing.
   */
  t.test("another member's session ids, cookie values and guesses are NotFound and end nothing", async (t) => {
    const stack = await startStack(t);
    const ada = await signIn(stack, await createActiveMember(stack));
    const bob = await signIn(stack, await createActiveMember(stack));
    const adaSession = (await ada.get('/api/Member/Sessions')).body.data[0];

    const cookie = decodeURIComponent(ada.cookies.get('portal-session') ?? '');
    const rawSessionId = cookie.slice(0, cookie.lastIndexOf('.'));
    const attempts = [adaSession.id, rawSessionId, cookie.replace(/[^A-Za-z0-9_-]/g, ''), 'A'.repeat(32)];
    for (const id of attempts) {
      const res = await bob.delete(`/api/Member/Sessions/${encodeURIComponent(id)}`);
      t.ok([400, 404].includes(res.status), `${id.slice(0, 12)}…: refused (${res.status})`);
      if (res.status === 404) t.equal(res.body.code, 'NotFound');
    }
    t.same((await ada.get('/api/Member/IsLogin')).body.data, { isLogin: true }, "Ada's session lives on");
    t.equal((await bob.post('/api/Member/Sessions/EndOthers')).body.data.ended, 0, "ending Bob's other sessions touches none of Ada's");
    t.same((await ada.get('/api/Member/IsLogin')).body.data, { isLogin: true });
    t.notOk(
      (await bob.get('/api/Member/Sessions')).body.data.some((s: { id: string }) => s.id === adaSession.id),
      "Bob's list never shows Ada's session",
    );
    t.not(adaSession.id, rawSessionId, 'the listed id is not the session id of the cookie');
  });
});
