import t from 'tap';
import { createActiveMember, createClient, freePort, signIn, startStack, type Stack, type TestClient } from '../helper.ts';
import { findLink, readOutbox, waitForMail } from '../helpers/outbox.ts';
import { SoftwareAuthenticator } from '../helpers/software-authenticator.ts';
import { ManualClock } from '../../server/common/clock.ts';
import { Signer } from '@fastify/cookie';
import { VerifiedCookies } from '../../server/bff/sessions/verified-cookies.ts';

t.test('security center', async (t) => {
  const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
  const SAFARI_IPHONE =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

  /** A browser with its own user agent, signed in as the member. */
  async function browserSignedIn(
    stack: Stack,
    member: { email: string; password: string },
    userAgent: string,
    client = createClient(stack.bffUrl),
  ) {
    const res = await client.post(
      '/api/Member/Login',
      { userId: member.email, password: member.password },
      { headers: { 'user-agent': userAgent } },
    );
    if (res.body?.code !== 'ok') throw new Error(`sign-in failed: ${res.text}`);
    return client;
  }

  const sessionsOf = async (client: TestClient) => (await client.get('/api/Member/Sessions')).body;
  const eventsOf = async (client: TestClient, before?: string) =>
    (await client.get(`/api/Member/SecurityEvents${before ? `?before=${before}` : ''}`)).body;

  /** Waits until the member's activity holds an event of the type (some are recorded after the reply). */
  async function eventOfType(client: TestClient, type: string) {
    for (let tries = 0; tries < 100; tries++) {
      const found = (await eventsOf(client)).data?.events.find((e: { type: string }) => e.type === type);
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`no ${type} event`);
  }

  /** Calls the member service as the portal would, with the member token of a stored session. */
  async function memberServiceSays(stack: Stack, token: string) {
    const res = await fetch(`${stack.memberServiceUrl}/api/Member/IsLogin`, {
      headers: { 'x-service-key': stack.memberServiceConfig.serviceKey, authorization: `Bearer ${token}` },
    });
    return res.status;
  }

  /** The member id of a signed-in browser, read from its stored session. */
  async function memberIdOf(stack: Stack, client: TestClient): Promise<number> {
    const cookie = decodeURIComponent(client.cookies.get('portal-session') ?? '');
    const sessionId = cookie.slice(0, cookie.lastIndexOf('.'));
    const session = await new Promise<any>((resolve) => stack.apps.bff.memberSessions.get(sessionId, (_err, s) => resolve(s)));
    return session.memberId;
  }

  /** The member tokens of the member's stored sessions. */
  async function storedTokens(stack: Stack, memberId: number): Promise<string[]> {
    const store = stack.apps.bff.memberSessions;
    const ids = await store.memberSessionIds(memberId);
    const sessions = await Promise.all(ids.map((id) => new Promise<any>((resolve) => store.get(id, (_err, s) => resolve(s)))));
    return sessions.map((s) => s.memberToken as string);
  }

  t.test(
    'devices and sessions: listed with device, network and method; ids are not cookies; one and all others end on both sides',
    async (t) => {
      const stack = await startStack(t);
      const ada = await createActiveMember(stack);
      const desk = await browserSignedIn(stack, ada, CHROME_WINDOWS);
      const phone = await browserSignedIn(stack, ada, SAFARI_IPHONE);
      const laptop = await browserSignedIn(stack, ada, CHROME_WINDOWS);

      const listed = await sessionsOf(desk);
      t.equal(listed.code, 'ok');
      t.equal(listed.data.length, 3);
      t.match(listed.data[0], {
        current: true,
        device: 'Chrome 131 · Windows 10',
        ipPrefix: '127.0.0.0/24',
        method: 'password',
        createdAt: /^\d{4}-\d\d-\d\dT/,
        lastSeenAt: /^\d{4}-/,
      });
      t.ok(
        listed.data.some((s: { device: string }) => s.device === 'Safari 17 · iOS 17.5'),
        'the phone is named by its browser and system',
      );
      t.equal(listed.data.filter((s: { current: boolean }) => s.current).length, 1, 'only this browser is marked current');
      const cookieValues = [...desk.cookies.values(), ...phone.cookies.values(), ...laptop.cookies.values()].map(decodeURIComponent);
      for (const s of listed.data)
        t.notOk(
          cookieValues.some((c) => c.includes(s.id)),
          'a session id is not (part of) a cookie value',
        );

      const tokensBefore = await storedTokens(stack, await memberIdOf(stack, desk));
      t.equal(tokensBefore.length, 3);

      const phoneId = listed.data.find((s: { device: string }) => s.device.startsWith('Safari')).id;
      t.same((await desk.delete(`/api/Member/Sessions/${phoneId}`)).body, { isSuccess: true, code: 'ok' });
      t.equal((await phone.get('/api/Member/Sessions')).status, 401, 'the phone is signed out');
      t.equal((await sessionsOf(desk)).data.length, 2);
      const revoked = (await Promise.all(tokensBefore.map((token) => memberServiceSays(stack, token)))).filter((status) => status === 401);
      t.equal(revoked.length, 1, "the phone's member token no longer works upstream");

      t.same((await desk.post('/api/Member/Sessions/EndOthers')).body, { isSuccess: true, code: 'ok', data: { ended: 1 } });
      t.equal((await laptop.get('/api/Member/Sessions')).status, 401, 'the laptop is signed out');
      const after = await sessionsOf(desk);
      t.equal(after.data.length, 1);
      t.equal(after.data[0].current, true, 'this browser stays signed in');
      t.same(
        (await Promise.all(tokensBefore.map((token) => memberServiceSays(stack, token)))).filter((s) => s === 200).length,
        1,
        'only its token still works',
      );
      await eventOfType(desk, 'sessionEnded');
    },
  );

  t.test("another member's session and event ids are NotFound, and nothing of theirs ends", async (t) => {
    const stack = await startStack(t);
    const ada = await createActiveMember(stack);
    const bob = await createActiveMember(stack);
    const adaBrowser = await browserSignedIn(stack, ada, CHROME_WINDOWS);
    const bobBrowser = await browserSignedIn(stack, bob, SAFARI_IPHONE);

    const adaSession = (await sessionsOf(adaBrowser)).data[0].id;
    const adaEvent = await eventOfType(adaBrowser, 'signIn');

    const ending = await bobBrowser.delete(`/api/Member/Sessions/${adaSession}`);
    t.equal(ending.status, 404);
    t.equal(ending.body.code, 'NotFound');
    const disowning = await bobBrowser.post('/api/Member/SecurityEvents/NotMe', { eventId: adaEvent.id });
    t.equal(disowning.status, 404);
    t.equal(disowning.body.code, 'NotFound');
    t.notOk(
      (await eventsOf(bobBrowser)).data.events.some((e: { id: string }) => e.id === adaEvent.id),
      "Bob's activity does not show Ada's events",
    );
    t.equal((await sessionsOf(bobBrowser)).data.length, 1, 'Bob sees his own session only');

    t.equal((await sessionsOf(adaBrowser)).data.length, 1, "Ada's session lives on");
    t.equal((await adaBrowser.get('/api/Member/IsLogin')).body.data.isLogin, true);
    const forged = await bobBrowser.post('/api/Member/SecurityEvents/NotMe', { eventId: adaEvent.id, token: 'A'.repeat(43) });
    t.equal(forged.status, 404, 'a made-up link token finds nothing');
    t.equal((await adaBrowser.get('/api/Member/IsLogin')).body.data.isLogin, true);

    const anonymous = createClient(stack.bffUrl);
    t.equal((await anonymous.get('/api/Member/Sessions')).status, 401, 'signed out there is no list');
    t.equal((await anonymous.get('/api/Member/SecurityEvents')).status, 401);
  });

  t.test('security activity: sign-ins, failures and locks newest first, in pages of 20', async (t) => {
    const stack = await startStack(t);
    const ada = await createActiveMember(stack);
    const browser = await browserSignedIn(stack, ada, CHROME_WINDOWS);
    const stranger = createClient(stack.bffUrl);
    for (let i = 0; i < 5; i++) await stranger.post('/api/Member/Login', { userId: ada.email, password: `Wrong${i}password` });
    await eventOfType(browser, 'locked');

    const first = await eventsOf(browser);
    t.equal(first.code, 'ok');
    t.equal(first.data.events[0].type, 'locked', 'newest first');
    t.equal(
      first.data.events.filter((e: { type: string }) => e.type === 'signInFailed').length,
      4,
      'four wrong passwords, the fifth locked',
    );
    t.match(first.data.events.at(-1), { type: 'signIn', method: 'password', device: 'Chrome 131 · Windows 10', ipPrefix: '127.0.0.0/24' });

    // Recorded by the portal as it would for any change: 25 more make three pages.
    const memberId = await memberIdOf(stack, browser);
    for (let i = 0; i < 25; i++) {
      await fetch(`${stack.memberServiceUrl}/api/Member/SecurityEvents`, {
        method: 'POST',
        headers: { 'x-service-key': stack.memberServiceConfig.serviceKey, 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'codeSent', memberId }),
      });
    }
    const pages = [await eventsOf(browser)];
    while (pages.at(-1).data.next) pages.push(await eventsOf(browser, pages.at(-1).data.next));
    t.same(
      pages.map((p) => p.data.events.length),
      [20, 11],
      'pages of 20',
    );
    const ids = pages.flatMap((p) => p.data.events.map((e: { id: string }) => e.id));
    t.equal(new Set(ids).size, 31, 'every event once');
    t.equal(pages.at(-1).data.events.at(-1).type, 'signIn', 'the oldest last');
  });

  t.test('This was not me: every session and token of the member ends, a reset link is mailed, the event is recorded', async (t) => {
    const stack = await startStack(t);
    const ada = await createActiveMember(stack);
    const desk = await browserSignedIn(stack, ada, CHROME_WINDOWS);
    const phone = await browserSignedIn(stack, ada, SAFARI_IPHONE);
    const tablet = await browserSignedIn(stack, ada, SAFARI_IPHONE);
    // The verification mail, then the new-device mails of the phone and the tablet (sent after their replies).
    const mailsBefore = 3;
    await waitForMail(stack.dataDir, ada.email, { count: mailsBefore });
    const tokens = await storedTokens(stack, await memberIdOf(stack, desk));
    t.equal(tokens.length, 3);

    const suspicious = (await eventsOf(desk)).data.events.find(
      (e: { type: string; device: string }) => e.type === 'signIn' && e.device.startsWith('Safari'),
    );
    t.same((await desk.post('/api/Member/SecurityEvents/NotMe', { eventId: suspicious.id })).body, { isSuccess: true, code: 'ok' });
    for (const client of [desk, phone, tablet])
      t.equal((await client.get('/api/Member/Sessions')).status, 401, 'every browser is signed out, this one too');
    t.same(
      await Promise.all(tokens.map((token) => memberServiceSays(stack, token))),
      [401, 401, 401],
      'every member token is revoked upstream',
    );
    const resetMail = await waitForMail(stack.dataDir, ada.email, { count: mailsBefore + 1 });
    t.ok(findLink(resetMail, '/auth/verify-email/'), 'a password-reset link is mailed');

    const back = await signIn(stack, ada);
    await eventOfType(back, 'notMe');
  });

  t.test('new-device mail: a second browser gets one with a link that ends everything; a known browser does not', async (t) => {
    const stack = await startStack(t);
    const ada = await createActiveMember(stack);
    const mailsToAda = async () => (await readOutbox(stack.dataDir)).filter((m) => m.to === ada.email);
    const desk = await browserSignedIn(stack, ada, CHROME_WINDOWS);
    const before = (await mailsToAda()).length;

    await desk.get('/api/Member/Logout');
    await browserSignedIn(stack, ada, CHROME_WINDOWS, desk);
    // Whoever signs in may read another language: the mail is in the member's own (English here).
    const phone = createClient(stack.bffUrl);
    await phone.post(
      '/api/Member/Login?lang=ko-kr',
      { userId: ada.email, password: ada.password },
      { headers: { 'user-agent': SAFARI_IPHONE, 'accept-language': 'ko-KR' } },
    );
    const mail = await waitForMail(stack.dataDir, ada.email, { count: before + 1 });
    t.equal(mail.subject, 'New sign-in to your account', "in the member's language");
    t.match(mail.text, /Safari 17 · iOS 17\.5/);
    t.match(mail.text, /127\.0\.0\.0\/24/);
    const link = findLink(mail, '/not-me/');
    t.ok(link, 'the mail carries the link');
    const [, lang, page, eventId, token] = new URL(link!).pathname.split('/').map(decodeURIComponent);
    t.same([lang, page], ['en', 'not-me']);
    t.same(new URL(link!).origin, stack.bffConfig.publicOrigin);
    t.equal((await mailsToAda()).length, before + 1, 'the first browser signing in again got no mail');

    const fromMail = createClient(stack.bffUrl);
    t.same((await fromMail.post('/api/Member/SecurityEvents/NotMe', { eventId, token })).body, { isSuccess: true, code: 'ok' });
    t.equal((await desk.get('/api/Member/Sessions')).status, 401);
    t.equal((await phone.get('/api/Member/Sessions')).status, 401);
    t.equal((await fromMail.post('/api/Member/SecurityEvents/NotMe', { eventId, token })).status, 404, 'the link works once');
  });

  t.test('NewDeviceSignIn mails only about a sign-in of the member it names, and refuses the rest clearly', async (t) => {
    const stack = await startStack(t);
    const [ada, bob] = [await createActiveMember(stack), await createActiveMember(stack)];
    const desk = await browserSignedIn(stack, ada, CHROME_WINDOWS);
    const bobId = await memberIdOf(stack, await browserSignedIn(stack, bob, CHROME_WINDOWS));
    const adaId = await memberIdOf(stack, desk);
    const adaSignIn = await eventOfType(desk, 'signIn');
    const mails = async () => (await readOutbox(stack.dataDir)).length;
    const memberService = (path: string, body: unknown) =>
      fetch(`${stack.memberServiceUrl}${path}`, {
        method: 'POST',
        headers: { 'x-service-key': stack.memberServiceConfig.serviceKey, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then(async (res) => ({ status: res.status, body: (await res.json()) as { code: string; data?: { id: string } } }));
    const tell = async (body: unknown) => {
      const { status, body: reply } = await memberService('/api/Member/SecurityEvents/NewDeviceSignIn', body);
      return [status, reply.code];
    };
    const codeSent = (await memberService('/api/Member/SecurityEvents', { type: 'codeSent', memberId: adaId })).body.data!.id;
    const before = await mails();

    t.same(await tell({ memberId: adaId, eventId: adaSignIn.id }), [200, 'ok'], "Ada's very first sign-in: answered, no mail");
    t.same(await tell({ memberId: bobId, eventId: adaSignIn.id }), [404, 'NotFound'], "Ada's sign-in named with Bob");
    t.same(await tell({ memberId: adaId, eventId: codeSent }), [404, 'NotFound'], 'an event that is no sign-in');
    t.same(await tell({ memberId: adaId, eventId: 'no-such-event-0' }), [404, 'NotFound'], 'an unknown event');
    t.same(await tell({ memberId: adaId, eventId: 'bad id!' }), [400, 'FormValidateFail'], 'an id that is no id');
    t.same(await tell({ memberId: 'ada', eventId: adaSignIn.id }), [400, 'FormValidateFail'], 'a member that is no number');
    t.equal(await mails(), before, 'nothing was mailed');
  });

  t.test(
    'changes land in the activity: passkey added and removed, passkey sign-in by its method, deletion asked and cancelled, password changed',
    async (t) => {
      const port = await freePort();
      const origin = `http://localhost:${port}`;
      const stack = await startStack(t, { env: { PORT: String(port), PUBLIC_ORIGIN: origin } });
      const member = await createActiveMember(stack);
      const desk = await signIn(stack, member);
      const authenticator = new SoftwareAuthenticator(origin);
      const options = await desk.post('/api/Member/Passkey/RegisterOptions');
      t.equal(
        (await desk.post('/api/Member/Passkey/Register', { credential: authenticator.register(options.body.data), name: 'Laptop' })).body
          .code,
        'ok',
      );

      const phone = createClient(stack.bffUrl);
      const loginOptions = await phone.post('/api/Member/Passkey/LoginOptions');
      t.equal(
        (await phone.post('/api/Member/Passkey/Login', { credential: authenticator.assert(loginOptions.body.data) })).body.code,
        'ok',
      );
      t.ok(
        (await sessionsOf(desk)).data.some((s: { method: string }) => s.method === 'passkey'),
        'the session lists its method',
      );

      const passkeyId = (await desk.get('/api/Member/Passkeys')).body.data.passkeys[0].id;
      t.equal((await desk.delete(`/api/Member/Passkeys/${passkeyId}`)).body.code, 'ok');
      t.equal((await desk.post('/api/Member/ApplyDeleteTag')).body.code, 'ok');
      t.equal((await desk.post('/api/Member/ApplyRestoreTag')).body.code, 'ok');
      const changed = await desk.post('/api/Member/ResetPwd', {
        currentPassword: member.password,
        newPassword: 'Babbage1834x',
        confirmPassword: 'Babbage1834x',
      });
      t.equal(changed.body.code, 'ok', changed.text);

      const events = (await eventsOf(desk)).data.events;
      t.same(
        events.map((e: { type: string }) => e.type),
        ['passwordChanged', 'deletionCancelled', 'deletionRequested', 'passkeyRemoved', 'signIn', 'passkeyAdded', 'signIn'],
        'newest first, each change once',
      );
      t.equal(events[4].method, 'passkey', 'the passkey sign-in is named by its method');
      t.equal((await phone.get('/api/Member/Sessions')).status, 401, 'the password change ended the other session, as the section says');
    },
  );
});

t.test('session saved only when changed', async (t) => {
  const sessionCookieSet = (headers: Headers) => headers.getSetCookie().some((line) => line.startsWith('portal-session='));

  t.test('a signed-in read saves the session only when its last-seen time moved on', async (t) => {
    const clock = new ManualClock();
    const stack = await startStack(t, { clock, env: { SESSION_IDLE_SECONDS: '1800', SESSION_ABSOLUTE_SECONDS: '7200' } });
    const member = await createActiveMember(stack);
    const browser = await signIn(stack, member);

    const first = await browser.get('/api/Member');
    t.equal(first.status, 200);
    t.notOk(sessionCookieSet(first.headers), 'an unchanged session is not saved again (no new cookie)');

    clock.advance(1_000);
    const soon = await browser.get('/api/Member');
    t.equal(soon.status, 200);
    t.notOk(sessionCookieSet(soon.headers), 'a second later the recorded last-seen time still holds');

    clock.advance(60_000);
    const later = await browser.get('/api/Member');
    t.equal(later.status, 200);
    t.ok(sessionCookieSet(later.headers), 'a minute later the request is recorded (the session saved, its cookie sent)');

    clock.advance(1_799_000);
    t.equal((await browser.get('/api/Member')).status, 200, 'idle time counts from that recorded request');
  });
});

t.test('verified cookies', async (t) => {
  const KEY = 'k'.repeat(32);

  t.test('a remembered signature does not vouch for any other value', async (t) => {
    const cookies = new VerifiedCookies(KEY);
    const good = new Signer(KEY).sign('session-a');
    t.same(cookies.unsign(good), { valid: true, renew: false, value: 'session-a' });
    t.same(cookies.unsign(good), { valid: true, renew: false, value: 'session-a' }, 'the second time from memory');

    const [, signature] = good.split('.');
    t.equal(cookies.unsign(`session-b.${signature}`).valid, false, "another id under the first one's signature");
    t.equal(cookies.unsign(`${good}x`).valid, false, 'a signature with a character more');
    t.equal(cookies.unsign('session-a').valid, false, 'no signature');
    t.equal(cookies.unsign(new Signer('o'.repeat(32)).sign('session-a')).valid, false, 'signed with another key');
  });

  t.test('signs as the library signer does, from memory the second time', async (t) => {
    const cookies = new VerifiedCookies(KEY);
    const expected = new Signer(KEY).sign('session-c');
    t.equal(cookies.sign('session-c'), expected);
    t.equal(cookies.sign('session-c'), expected);
    t.equal(cookies.unsign(cookies.sign('session-d')).value, 'session-d');
  });
});
