import t, { type Test } from 'tap';
import { createActiveMember, createClient, freePort, signIn, startAnotherBff, startStack, type Stack } from '../../helper.ts';
import { redisAvailable, redisForFile } from '../../helpers/redis.ts';
import { SoftwareAuthenticator } from '../../helpers/software-authenticator.ts';

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
