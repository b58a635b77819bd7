import t, { type Test } from 'tap';
import { ManualClock } from '../../../server/common/clock.ts';
import { PASSKEY_CHALLENGE_SECONDS } from '../../../shared/schemas/passkeys.ts';
import {
  createActiveMember,
  createClient,
  freePort,
  signIn,
  type Stack,
  startAnotherBff,
  startStack,
  type TestClient,
} from '../../helper.ts';
import { type ParsedMail, readOutbox } from '../../helpers/outbox.ts';
import { redisAvailable, redisForFile } from '../../helpers/redis.ts';
import { SoftwareAuthenticator } from '../../helpers/software-authenticator.ts';

/**
 * Passkey sign-in: an assertion is used once, names its credential's owner, makes one session, and
 * a cloned authenticator is disabled with the member told.
 */

t.test('passkey assertion replayed or foreign refused', async (t) => {
  /**
   * ASVS 6 (passkeys): an assertion signs in once, in the browser whose challenge it answers,
   * within the challenge's life, for this portal's origin and relying party, with the user
   * verified and by the key on record. Everything else gets PasskeyNotAccepted and no session.
   * (Each case has its own member: refused assertions count towards the owner's sign-in lock.)
   */
  const clock = new ManualClock();
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const stack = await startStack(t, { clock, env: { PORT: String(port), PUBLIC_ORIGIN: origin, LOGIN_FAILURES_PER_IP: '1000' } });

  /** A member with one registered passkey (a counter-less one, as many real passkeys are: only the challenge stops a replay). */
  async function enrolled() {
    const member = await createActiveMember(stack);
    const key = new SoftwareAuthenticator(origin, { counter: false });
    const owner = await signIn(stack, member);
    const options = await owner.post('/api/Member/Passkey/RegisterOptions');
    const added = await owner.post('/api/Member/Passkey/Register', { credential: key.register(options.body.data), name: 'Phone' });
    if (added.body.code !== 'ok') throw new Error(added.text);
    return { member, key, owner };
  }

  async function challengeFor(client: TestClient) {
    return (await client.post('/api/Member/Passkey/LoginOptions')).body.data as { challenge: string; rpId: string };
  }

  async function expectRefused(t: Test, client: TestClient, credential: unknown, what: string) {
    const reply = await client.post('/api/Member/Passkey/Login', { credential });
    t.equal(reply.body.code, 'PasskeyNotAccepted', what);
    t.equal((await client.get('/api/Member/IsLogin')).body.data.isLogin, false, 'and the browser is not signed in');
  }

  t.test('the same assertion twice: the second is refused, in the same browser and in another', async (t) => {
    const { key } = await enrolled();
    const browser = createClient(stack.bffUrl);
    const assertion = key.assert(await challengeFor(browser));
    t.equal((await browser.post('/api/Member/Passkey/Login', { credential: assertion })).body.code, 'ok', 'the first use signs in');
    t.equal(
      (await browser.post('/api/Member/Passkey/Login', { credential: assertion })).body.code,
      'PasskeyNotAccepted',
      'replayed in the same browser',
    );
    const other = createClient(stack.bffUrl);
    await challengeFor(other);
    await expectRefused(t, other, assertion, 'replayed in another browser');
  });

  t.test('a refused answer uses the challenge up: no second try on it', async (t) => {
    const { key } = await enrolled();
    const browser = createClient(stack.bffUrl);
    const options = await challengeFor(browser);
    const wrong = new SoftwareAuthenticator(origin, { counter: false }).claiming(key.credentialId);
    await expectRefused(t, browser, wrong.assert(options), 'a wrong answer');
    await expectRefused(t, browser, key.assert(options), 'then the right one for the same challenge');
  });

  t.test("an assertion for another browser's challenge is refused, with or without a challenge of its own", async (t) => {
    const { key } = await enrolled();
    const stolen = key.assert(await challengeFor(createClient(stack.bffUrl)));
    const attacker = createClient(stack.bffUrl);
    await expectRefused(t, attacker, stolen, 'no challenge in this browser');
    await challengeFor(attacker);
    await expectRefused(t, attacker, stolen, "this browser's challenge is another");
  });

  t.test('a challenge older than its life is refused', async (t) => {
    const { key } = await enrolled();
    const browser = createClient(stack.bffUrl);
    const assertion = key.assert(await challengeFor(browser));
    clock.advance(PASSKEY_CHALLENGE_SECONDS * 1000 + 1000);
    await expectRefused(t, browser, assertion, 'expired challenge');
  });

  t.test('an assertion made on another origin (a phishing site relaying the challenge) is refused', async (t) => {
    const { key } = await enrolled();
    const browser = createClient(stack.bffUrl);
    await expectRefused(
      t,
      browser,
      key.variant({ origin: 'http://evil.example' }).assert(await challengeFor(browser)),
      'origin of another site',
    );
  });

  t.test('an assertion for another relying party is refused', async (t) => {
    const { key } = await enrolled();
    const browser = createClient(stack.bffUrl);
    const options = await challengeFor(browser);
    await expectRefused(t, browser, key.assert({ ...options, rpId: 'evil.example' }), 'RP id of another site');
  });

  t.test("a key that presents the member's credential id but is not the registered key is refused", async (t) => {
    const { key } = await enrolled();
    const forger = new SoftwareAuthenticator(origin, { counter: false }).claiming(key.credentialId);
    const browser = createClient(stack.bffUrl);
    await expectRefused(t, browser, forger.assert(await challengeFor(browser)), 'signature by another key');
  });

  t.test('an authenticator that did not verify the user is refused', async (t) => {
    const { key } = await enrolled();
    const browser = createClient(stack.bffUrl);
    await expectRefused(t, browser, key.variant({ userVerified: false }).assert(await challengeFor(browser)), 'user present, not verified');
  });

  t.test('an unknown credential is refused with the same answer', async (t) => {
    const browser = createClient(stack.bffUrl);
    await expectRefused(t, browser, new SoftwareAuthenticator(origin).assert(await challengeFor(browser)), 'unknown credential');
  });

  t.test('a sign-in challenge cannot register a passkey', async (t) => {
    const { owner } = await enrolled();
    const loginOptions = await challengeFor(owner);
    const attempt = await owner.post('/api/Member/Passkey/Register', {
      credential: new SoftwareAuthenticator(origin).register({ challenge: loginOptions.challenge, rp: { id: 'localhost' } }),
      name: 'Sneaky',
    });
    t.equal(attempt.body.code, 'PasskeyChallengeInvalid');
    t.same(
      (await owner.get('/api/Member/Passkeys')).body.data.passkeys.map((p: { name: string }) => p.name),
      ['Phone'],
      'nothing added',
    );
  });

  t.test("refused assertions count towards the owner's sign-in lock; a locked account is refused even with its passkey", async (t) => {
    const { key } = await enrolled();
    const forger = new SoftwareAuthenticator(origin, { counter: false }).claiming(key.credentialId);
    let last = '';
    for (let i = 0; i < 5; i++) {
      const browser = createClient(stack.bffUrl);
      last = (await browser.post('/api/Member/Passkey/Login', { credential: forger.assert(await challengeFor(browser)) })).body.code;
    }
    t.equal(last, 'AccountLock', 'the fifth refused assertion locks the account');
    const browser = createClient(stack.bffUrl);
    const reply = await browser.post('/api/Member/Passkey/Login', { credential: key.assert(await challengeFor(browser)) });
    t.equal(reply.body.code, 'AccountLock', 'the real passkey waits for the lock like the right password does');
  });
});

t.test('one passkey assertion makes one session', async (t) => {
  /*
   * Five Passkey/Login requests sent at once with one assertion used to give two sessions when the
   * authenticator's counter stays at 0 (most synced passkeys): each request read the challenge
   * from its own copy of the session, and a counter of 0 always matches. The challenge is taken
   * from the store in one step, so exactly one request gets it, on one portal or on several.
   */

  const PARALLEL = 5;

  async function startPasskeyStack(t: Parameters<typeof startStack>[0], env: NodeJS.ProcessEnv = {}) {
    const port = await freePort();
    const origin = `http://localhost:${port}`;
    const stack = await startStack(t, { env: { PORT: String(port), PUBLIC_ORIGIN: origin, LOGIN_FAILURES_PER_IP: '1000', ...env } });
    return { stack, origin };
  }

  async function enrolled(stack: Stack, origin: string) {
    const member = await createActiveMember(stack);
    const key = new SoftwareAuthenticator(origin, { counter: false });
    const owner = await signIn(stack, member);
    const options = await owner.post('/api/Member/Passkey/RegisterOptions');
    const added = await owner.post('/api/Member/Passkey/Register', { credential: key.register(options.body.data), name: 'Phone' });
    if (added.body.code !== 'ok') throw new Error(added.text);
    return key;
  }

  /** The same browser (one cookie) sends one assertion to each portal URL in turn, all at once. */
  async function parallelSignIns(portals: string[], key: SoftwareAuthenticator) {
    const browser = createClient(portals[0]!);
    const options = (await browser.post('/api/Member/Passkey/LoginOptions')).body.data;
    const assertion = key.assert(options);
    const cookie = [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const replies = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        createClient(portals[i % portals.length]!).post('/api/Member/Passkey/Login', { credential: assertion }, { headers: { cookie } }),
      ),
    );
    const before = new Set(browser.cookies.values());
    return replies.map((reply) => ({
      code: reply.body.code as string,
      // A refused answer saves the spent challenge under the same id; a sign-in gets a new id.
      newSessionIds: reply.headers
        .getSetCookie()
        .map((c) => /session=([^;]+)/.exec(c)?.[1])
        .filter((id): id is string => id !== undefined && !before.has(id)),
    }));
  }

  function expectOneSession(t: Test, outcomes: Awaited<ReturnType<typeof parallelSignIns>>) {
    const signedIn = outcomes.filter((o) => o.code === 'ok');
    t.equal(signedIn.length, 1, `one sign-in of ${PARALLEL}: ${outcomes.map((o) => o.code).join(', ')}`);
    t.equal(new Set(outcomes.flatMap((o) => o.newSessionIds)).size, 1, 'one new session id');
    // The copies are refused assertions; enough of them at once start the credential's own lock.
    t.ok(
      outcomes.filter((o) => o.code !== 'ok').every((o) => o.code === 'PasskeyNotAccepted' || o.code === 'AccountLock'),
      'the copies are refused',
    );
  }

  t.test('in-process store: one assertion sent five times at once makes one session', async (t) => {
    const { stack, origin } = await startPasskeyStack(t);
    const key = await enrolled(stack, origin);
    expectOneSession(t, await parallelSignIns([stack.bffUrl], key));
  });

  t.test(
    'Redis, two portals: one assertion sent five times at once makes one session',
    { skip: !redisAvailable() && 'Redis is not installed' },
    async (t) => {
      const redis = await redisForFile(t);
      const { stack, origin } = await startPasskeyStack(t, { REDIS_URL: redis.url });
      const second = await startAnotherBff(t, stack);
      const key = await enrolled(stack, origin);
      expectOneSession(t, await parallelSignIns([stack.bffUrl, second.url], key));
    },
  );
});

t.test('cloned passkey is disabled and the member told', async (t) => {
  /*
   * A signature by the passkey's own key whose counter went backwards means two copies of the key
   * are in use (WebAuthn §6.1.1). It used to be refused like any wrong answer and forgotten. Now
   * the credential is taken out of use, the member's activity shows why, and a mail tells them.
   */
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const stack = await startStack(t, { env: { PORT: String(port), PUBLIC_ORIGIN: origin, LOGIN_FAILURES_PER_IP: '1000' } });

  /** Mails are written by the queue after the reply: wait for the one with this subject. */
  async function mailWithSubject(to: string, subject: string): Promise<ParsedMail> {
    for (let i = 0; i < 100; i += 1) {
      const mail = (await readOutbox(stack.dataDir)).find((m) => m.to.includes(to) && m.subject === subject);
      if (mail) return mail;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`no mail "${subject}" to ${to}`);
  }

  const signInWith = async (key: SoftwareAuthenticator) => {
    const browser = createClient(stack.bffUrl);
    const options = (await browser.post('/api/Member/Passkey/LoginOptions')).body.data;
    return (await browser.post('/api/Member/Passkey/Login', { credential: key.assert(options) })).body.code as string;
  };

  t.test('a counter that goes backwards disables the passkey, records it and mails the member', async (t) => {
    const member = await createActiveMember(stack);
    const owner = await signIn(stack, member);
    const key = new SoftwareAuthenticator(origin, { counter: true });
    const options = await owner.post('/api/Member/Passkey/RegisterOptions');
    const added = await owner.post('/api/Member/Passkey/Register', { credential: key.register(options.body.data), name: 'Work laptop' });
    t.equal(added.body.code, 'ok', added.text);

    const copy = key.clone();
    t.equal(await signInWith(key), 'ok', 'the genuine passkey signs in and moves the counter on');
    t.equal(await signInWith(copy), 'PasskeyNotAccepted', 'the copy answers with a counter already used');
    t.equal(await signInWith(key), 'PasskeyNotAccepted', 'and the passkey signs nobody in any more, neither copy');

    t.same((await owner.get('/api/Member/Passkeys')).body.data.passkeys, [], 'it is gone from the list');
    const events = (await owner.get('/api/Member/SecurityEvents')).body.data.events as Array<{ type: string; method: string }>;
    t.match(events[0], { type: 'passkeyCloned', method: 'passkey' }, 'the activity says why');
    const found = await mailWithSubject(member.email, 'A passkey was turned off to protect your account');
    t.equal(found.subject, 'A passkey was turned off to protect your account');
    t.match(found.text, /Work laptop/);

    const again = await owner.post('/api/Member/Passkey/RegisterOptions');
    const readd = await owner.post('/api/Member/Passkey/Register', { credential: key.register(again.body.data), name: 'Again' });
    t.equal(readd.body.code, 'PasskeyExists', 'the disabled credential cannot be added back');
  });

  t.test('a counter-less passkey (0 every time) is not taken for a copy', async (t) => {
    const member = await createActiveMember(stack);
    const owner = await signIn(stack, member);
    const key = new SoftwareAuthenticator(origin, { counter: false });
    const options = await owner.post('/api/Member/Passkey/RegisterOptions');
    await owner.post('/api/Member/Passkey/Register', { credential: key.register(options.body.data), name: 'Synced' });
    for (let i = 0; i < 3; i += 1) t.equal(await signInWith(key), 'ok');
  });
});

t.test('passkey assertion must name the credentials owner', async (t) => {
  /*
   * A discoverable credential carries the user handle of the account it was made for. The portal
   * used to ignore it and sign in whoever the store said owned the credential id; an assertion
   * whose handle names another account (or none) is now refused.
   */
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const stack = await startStack(t, { env: { PORT: String(port), PUBLIC_ORIGIN: origin, LOGIN_FAILURES_PER_IP: '1000' } });

  async function enrolledKey() {
    const member = await createActiveMember(stack);
    const owner = await signIn(stack, member);
    const key = new SoftwareAuthenticator(origin, { counter: false });
    const options = await owner.post('/api/Member/Passkey/RegisterOptions');
    const added = await owner.post('/api/Member/Passkey/Register', { credential: key.register(options.body.data), name: 'Phone' });
    if (added.body.code !== 'ok') throw new Error(added.text);
    return { key, handle: options.body.data.user.id as string, owner };
  }

  async function signInWith(key: SoftwareAuthenticator) {
    const browser = createClient(stack.bffUrl);
    const options = (await browser.post('/api/Member/Passkey/LoginOptions')).body.data;
    const code = (await browser.post('/api/Member/Passkey/Login', { credential: key.assert(options) })).body.code as string;
    return { code, isLogin: (await browser.get('/api/Member/IsLogin')).body.data.isLogin as boolean };
  }

  t.test("an assertion carrying another account's user handle is refused", async (t) => {
    const victim = await enrolledKey();
    const other = await enrolledKey();
    t.not(victim.handle, other.handle, 'each account has its own handle');
    const misnamed = victim.key.variant({});
    misnamed.userHandle = other.handle;
    t.same(await signInWith(misnamed), { code: 'PasskeyNotAccepted', isLogin: false });
    const unnamed = victim.key.variant({});
    unnamed.userHandle = '';
    t.same(await signInWith(unnamed), { code: 'PasskeyNotAccepted', isLogin: false }, 'no handle at all');
    t.same(await signInWith(victim.key), { code: 'ok', isLogin: true }, "the owner's own handle signs in");
  });
});
