import t, { type Test } from 'tap';
import { ManualClock } from '../../../server/common/clock.ts';
import { PASSKEY_CHALLENGE_SECONDS } from '../../../shared/schemas/passkeys.ts';
import { createActiveMember, createClient, freePort, signIn, startStack, type TestClient } from '../../helper.ts';
import { SoftwareAuthenticator } from '../../helpers/software-authenticator.ts';

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
