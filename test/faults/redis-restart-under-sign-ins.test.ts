import t from 'tap';
import { createActiveMember, createClient, startStack } from '../helper.ts';
import { redisAvailable, startRedisFor } from '../helpers/redis.ts';
import { answered, until } from './within.ts';

const SERVER_ERROR = { isSuccess: false, code: 'servererror' };

interface Attempt {
  startedAt: number;
  endedAt: number;
  status: number;
  body: unknown;
}

/**
 * Redis holds the portal's sessions, lock counters and rate limits. Stopped under a stream of
 * sign-ins, the portal refuses every sign-in it cannot record (fails closed, 503 servererror) rather
 * than letting it through uncounted, and signs members in again once Redis is back, without a restart.
 */
t.test('Redis stopped and started under sign-ins: fails closed with servererror, recovers by itself', { skip: !redisAvailable() && 'redis-server is not installed' }, async (t) => {
  const redis = await startRedisFor(t);
  const stack = await startStack(t, { env: { REDIS_URL: redis.url, RATE_LIMIT_PER_MINUTE: '100000', REGISTER_RATE_LIMIT_PER_MINUTE: '100000' } });
  const members = [await createActiveMember(stack), await createActiveMember(stack)];

  const attempts: Attempt[] = [];
  let streaming = true;
  async function visitor(member: { email: string; password: string }): Promise<void> {
    while (streaming) {
      const startedAt = Date.now();
      const reply = await answered(createClient(stack.bffUrl).post('/api/Member/Login', { userId: member.email, password: member.password }));
      attempts.push({ startedAt, endedAt: Date.now(), status: reply.status, body: reply.body });
    }
  }
  const visitors = [visitor(members[0]!), visitor(members[1]!), visitor(members[0]!)];
  const signedIn = (attempt: Attempt) => (attempt.body as { code?: string }).code === 'ok';

  await until(() => attempts.filter(signedIn).length >= 6, 'sign-ins are flowing');
  await redis.stop();
  const stoppedAt = Date.now();
  await until(() => attempts.some((attempt) => attempt.startedAt > stoppedAt), 'sign-ins met the outage');
  await new Promise((resolve) => setTimeout(resolve, 500));
  const restartingAt = Date.now();
  await redis.start();
  await until(() => attempts.filter((attempt) => attempt.startedAt > restartingAt && signedIn(attempt)).length >= 6, 'sign-ins succeed again');
  streaming = false;
  await Promise.all(visitors);

  const duringOutage = attempts.filter((attempt) => attempt.startedAt > stoppedAt && attempt.endedAt < restartingAt);
  t.ok(duringOutage.length > 0, `sign-ins were tried while Redis was down (${duringOutage.length})`);
  t.same(
    duringOutage.filter((attempt) => !(attempt.status === 503 && JSON.stringify(attempt.body) === JSON.stringify(SERVER_ERROR))),
    [],
    'every one of them was refused with 503 servererror: none got through unrecorded',
  );
  t.same(
    attempts.filter((attempt) => !signedIn(attempt) && !([500, 503].includes(attempt.status) && JSON.stringify(attempt.body) === JSON.stringify(SERVER_ERROR))),
    [],
    'no other answer at any time, even as Redis goes away or comes back in the middle of a sign-in (a 500 then: the rate-limit counter failed mid-command)',
  );
  t.same(attempts.slice(-3).map(signedIn), [true, true, true], 'the last sign-in of every visitor went through');

  const browser = createClient(stack.bffUrl);
  t.equal((await browser.post('/api/Member/Login', { userId: members[1]!.email, password: members[1]!.password })).body.code, 'ok');
  t.equal((await browser.get('/api/Member')).status, 200, 'and the session it made works');
});
