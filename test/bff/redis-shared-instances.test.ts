import t, { type Test } from 'tap';
import { Redis } from 'ioredis';
import { createActiveMember, createClient, signIn, startAnotherBff, startStack, TEST_PASSWORD, type TestClient } from '../helper.ts';
import { redisAvailable, redisForFile } from '../helpers/redis.ts';

if (!redisAvailable()) {
  t.test('portal instances sharing Redis', { skip: 'redis-server is not installed' }, async () => {});
} else {
  const redis = await redisForFile(t);
  let prefixes = 0;

  /** Two portal instances on one member service and one Redis; a key prefix of their own per test. */
  async function twoInstances(t: Test, env: NodeJS.ProcessEnv = {}, keyPrefix = `shared${++prefixes}:`) {
    const stack = await startStack(t, { env: { REDIS_URL: redis.url, REDIS_KEY_PREFIX: keyPrefix, ...env } });
    const other = await startAnotherBff(t, stack);
    return { stack, a: stack.bffUrl, b: other.url, appA: stack.apps.bff, appB: other.app };
  }

  /** The same browser, its next request sent to another instance (as a load balancer might). */
  function sameBrowserOn(url: string, browser: TestClient): TestClient {
    const moved = createClient(url);
    for (const [name, value] of browser.cookies) moved.cookies.set(name, value);
    return moved;
  }

  t.test('a session started on one instance works on the other, and sign-out on either ends it everywhere', async (t) => {
    const { stack, a, b } = await twoInstances(t, {}, 'portal:');
    const member = await createActiveMember(stack);
    const onA = createClient(a);
    t.equal((await onA.post('/api/Member/Login', { userId: member.email, password: TEST_PASSWORD })).body.code, 'ok');

    const onB = sameBrowserOn(b, onA);
    const profile = await onB.get('/api/Member');
    t.equal(profile.status, 200, 'the cookie from A is a session on B');
    t.equal(profile.body.data.email, member.email);
    t.same((await onB.get('/api/Member/IsLogin')).body.data, { isLogin: true });

    const raw = new Redis(redis.url);
    t.teardown(() => raw.disconnect());
    const keys = await raw.keys('*');
    t.ok(
      keys.some((key) => key.startsWith('portal:session:')),
      'sessions are stored under the default prefix',
    );
    t.ok(
      keys.some((key) => key.startsWith('portal:member-sessions:')),
      'so is the member-session index',
    );
    t.same(
      keys.filter((key) => !key.startsWith('portal:')),
      [],
      'nothing outside the prefix',
    );
    const stored = await raw.get(keys.find((key) => key.startsWith('portal:session:'))!);
    t.equal(JSON.parse(stored!).userId, profile.body.data.userId, 'the session is JSON');

    t.equal((await onB.get('/api/Member/Logout')).status, 200, 'signed out on B');
    t.equal((await onA.get('/api/Member')).status, 401, 'the session is gone on A as well');
    t.same((await onA.get('/api/Member/IsLogin')).body.data, { isLogin: false });
  });

  t.test("a member's sessions are indexed across instances and can be ended together from either", async (t) => {
    const { stack, a, b, appA, appB } = await twoInstances(t);
    const member = await createActiveMember(stack);
    const laptop = await signIn(stack, member);
    const phone = createClient(b);
    t.equal((await phone.post('/api/Member/Login', { userId: member.email, password: TEST_PASSWORD })).body.code, 'ok');
    // The browser never sees the member's internal id; the session index is keyed by it.
    const raw = new Redis(redis.url);
    t.teardown(() => raw.disconnect());
    const [indexKey] = await raw.keys('portal:member-sessions:*');
    const memberId = Number(indexKey!.slice('portal:member-sessions:'.length));
    t.ok((await laptop.get('/api/Member')).body.data.userId, 'signed in on A');

    t.equal((await appA.memberSessions.memberSessionIds(memberId)).length, 2, 'A sees both sessions');
    t.equal((await appB.memberSessions.memberSessionIds(memberId)).length, 2, 'B sees both sessions');

    const other = await signIn(stack, await createActiveMember(stack));
    t.equal(await appB.sessionEnder.endSessions(memberId, { reason: 'notMe' }), 2);
    t.equal((await laptop.get('/api/Member')).status, 401, 'the session signed in on A has ended');
    t.equal((await sameBrowserOn(a, phone).get('/api/Member')).status, 401, 'so has the one signed in on B');
    t.same(await appA.memberSessions.memberSessionIds(memberId), []);
    t.equal((await other.get('/api/Member')).status, 200, "another member's session is untouched");
  });

  t.test('a stored session that cannot be read is no session, not a failure', async (t) => {
    const { stack, b } = await twoInstances(t, {}, 'garbled:');
    const browser = await signIn(stack, await createActiveMember(stack));
    const raw = new Redis(redis.url);
    t.teardown(() => raw.disconnect());
    const [key] = await raw.keys('garbled:session:*');
    await raw.set(key!, '{not json', 'EX', 60);
    const res = await sameBrowserOn(b, browser).get('/api/Member');
    t.equal(res.status, 401);
    t.same(res.body, { isSuccess: false, code: 'Unauthorized' });
  });

  t.test('per-IP rate limits count the requests of all instances together', async (t) => {
    const { a, b } = await twoInstances(t, { RATE_LIMIT_PER_MINUTE: '4' });
    const onA = createClient(a);
    const onB = createClient(b);
    const reads = [];
    for (const client of [onA, onB, onA, onB]) reads.push((await client.get('/api/Member/IsLogin')).status);
    t.same(reads, [200, 200, 200, 200], 'four requests, two on each instance');
    const limited = await onB.get('/api/Member/IsLogin');
    t.equal(limited.status, 429, 'the fifth is over the limit, whichever instance gets it');
    t.same(limited.body, { isSuccess: false, code: 'TooManyRequests' });
    t.ok(Number(limited.headers.get('retry-after')) > 0, 'Retry-After');
    t.equal((await onA.get('/api/Member/IsLogin')).status, 429);
  });

  t.test('failed sign-ins per IP are counted by all instances together', async (t) => {
    const { a, b } = await twoInstances(t, { LOGIN_FAILURES_PER_IP: '2' });
    const onA = createClient(a);
    const onB = createClient(b);
    const login = (client: TestClient) => client.post('/api/Member/Login', { userId: 'nobody@example.com', password: 'Wrong1234' });
    t.not((await login(onA)).status, 429);
    t.not((await login(onB)).status, 429);
    t.equal((await login(onA)).status, 429, "sign-in's count of failures per IP is shared too");
  });
}
