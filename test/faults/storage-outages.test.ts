import t from 'tap';
import { Writable } from 'node:stream';
import pino from 'pino';
import { RedisStore } from '../../server/bff/store/redis-store.ts';
import { StoreUnavailableError } from '../../server/bff/store/store-unavailable-error.ts';
import { createActiveMember, createClient, signIn, startStack, type TestClient, validRegistration } from '../helper.ts';
import { redisAvailable, startRedisFor } from '../helpers/redis.ts';
import { answered, until } from './within.ts';
import pg from 'pg';
import { waitForMail } from '../helpers/outbox.ts';
import { postgresAvailable, startPostgres } from '../helpers/postgres.ts';
import Fastify from 'fastify';
import { systemClock } from '../../server/common/clock.ts';
import errorReplies from '../../server/bff/plugins/errors.ts';
import sessionPlugin from '../../server/bff/plugins/session.ts';
import { MemoryStore } from '../../server/bff/store/memory-store.ts';
import { KeyValueSessionStore } from '../../server/bff/store/session-store.ts';

t.test('Redis outages', async (t) => {
  const SERVER_ERROR = { isSuccess: false, code: 'servererror' };

  interface Attempt {
    startedAt: number;
    endedAt: number;
    status: number;
    body: unknown;
  }

  /** Polls /readyz until the portal says it is ready again (the client reconnects within about a second). */
  async function untilReady(client: TestClient): Promise<boolean> {
    for (let attempt = 0; attempt < 200; attempt += 1) {
      if ((await client.get('/readyz')).status === 200) return true;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return false;
  }

  function logLines() {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    return { lines, stream };
  }

  if (!redisAvailable()) {
    t.test('Redis outages', { skip: 'redis-server is not installed' }, async () => {});
  } else {
    t.test('Redis stopped while the portal runs: 503 servererror, no crash, and recovery when it is back', async (t) => {
      const redis = await startRedisFor(t);
      const log = logLines();
      const stack = await startStack(t, { env: { REDIS_URL: redis.url }, logger: { level: 'info', stream: log.stream } });
      const member = await createActiveMember(stack);
      const browser = await signIn(stack, member);
      t.equal((await browser.get('/api/Member')).status, 200);

      await redis.stop();
      const profile = await browser.get('/api/Member');
      t.equal(profile.status, 503, 'a signed-in request');
      t.same(profile.body, SERVER_ERROR);
      const login = await createClient(stack.bffUrl).post('/api/Member/Login', { userId: member.email, password: member.password });
      t.equal(login.status, 503, 'a sign-in');
      t.same(login.body, SERVER_ERROR);
      const anonymous = await createClient(stack.bffUrl).get('/api/Member/IsLogin');
      t.equal(anonymous.status, 503, 'an anonymous call: rate limits cannot be counted, so nothing passes unlimited');
      t.same(anonymous.body, SERVER_ERROR);
      const ready = await browser.get('/readyz');
      t.equal(ready.status, 503);
      t.same(ready.body, { isSuccess: false, code: 'servererror', data: { upstream: 'ok', store: 'unavailable' } });
      t.equal((await browser.get('/healthz')).status, 200, 'the process itself is alive');

      await redis.start();
      t.ok(await untilReady(browser), 'ready again once Redis is back');
      t.same((await browser.get('/readyz')).body, { isSuccess: true, code: 'ok', data: { upstream: 'ok', store: 'ok' } });
      t.equal((await browser.get('/api/Member')).status, 401, 'a Redis that saves nothing comes back empty: earlier sessions are gone');
      const again = await signIn(stack, member);
      t.equal((await again.get('/api/Member')).status, 200, 'signing in works again');

      const messages = log.lines.map((line) => line.msg);
      t.equal(messages.filter((msg) => msg === 'redis unavailable').length, 1, 'the outage is logged once, not per reconnect attempt');
      t.equal(messages.filter((msg) => msg === 'redis connection restored').length, 1, 'and so is the recovery');
    });

    t.test('Redis not there when the portal starts: it starts anyway, not ready, and works once Redis comes', async (t) => {
      const redis = await startRedisFor(t);
      await redis.stop();
      const stack = await startStack(t, { env: { REDIS_URL: redis.url } });
      const browser = createClient(stack.bffUrl);
      t.equal((await browser.get('/readyz')).status, 503);
      t.same((await browser.get('/api/Member/IsLogin')).body, SERVER_ERROR);

      await redis.start();
      t.ok(await untilReady(browser), 'ready once Redis is up');
      const member = await createActiveMember(stack);
      t.equal((await (await signIn(stack, member)).get('/api/Member')).status, 200);
    });

    t.test('the store rejects with StoreUnavailableError (503) while Redis is away and reconnects by itself', async (t) => {
      const redis = await startRedisFor(t);
      const store = new RedisStore({ url: redis.url, keyPrefix: 'outage:', log: pino({ level: 'silent' }) });
      await store.connect();
      t.teardown(() => store.close());
      await store.set('k', 'v', 60);

      await redis.stop();
      t.equal(await store.isHealthy(), false);
      for (const call of [
        () => store.get('k'),
        () => store.increment('n', 60),
        () => store.setIfAbsent('x', '1', 60),
        () => store.addToSet('s', 'a', 60),
      ]) {
        const failure = await call().then(
          () => undefined,
          (err: unknown) => err,
        );
        t.ok(failure instanceof StoreUnavailableError, 'StoreUnavailableError');
        t.equal((failure as StoreUnavailableError).statusCode, 503);
      }

      await redis.start();
      let healthy = false;
      for (let attempt = 0; attempt < 200 && !healthy; attempt += 1) {
        healthy = await store.isHealthy();
        if (!healthy) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      t.ok(healthy, 'healthy again');
      t.equal(await store.increment('n', 60), 1, 'commands work again (the Lua script is reloaded on the new server)');
    });

    /**
     * Redis holds the portal's sessions, lock counters and rate limits. Stopped under a stream of
     * sign-ins, the portal refuses every sign-in it cannot record (fails closed, 503 servererror) rather
     * than letting it through uncounted, and signs members in again once Redis is back, without a restart.
     */
    t.test('Redis stopped and started under sign-ins: fails closed with servererror, recovers by itself', async (t) => {
      const redis = await startRedisFor(t);
      const stack = await startStack(t, {
        env: { REDIS_URL: redis.url, RATE_LIMIT_PER_MINUTE: '100000', REGISTER_RATE_LIMIT_PER_MINUTE: '100000' },
      });
      const members = [await createActiveMember(stack), await createActiveMember(stack)];

      const attempts: Attempt[] = [];
      let streaming = true;
      async function visitor(member: { email: string; password: string }): Promise<void> {
        while (streaming) {
          const startedAt = Date.now();
          const reply = await answered(
            createClient(stack.bffUrl).post('/api/Member/Login', { userId: member.email, password: member.password }),
          );
          attempts.push({ startedAt, endedAt: Date.now(), status: reply.status, body: reply.body });
        }
      }
      const visitors = [visitor(members[0]!), visitor(members[1]!), visitor(members[0]!)];
      const signedIn = (attempt: Attempt) => (attempt.body as { code?: string }).code === 'ok';

      await until(() => attempts.filter(signedIn).length >= 6, 'sign-ins are flowing');
      await redis.stop();
      const stoppedAt = Date.now();
      // An attempt is recorded once answered: these began and ended while Redis was down.
      await until(() => attempts.filter((attempt) => attempt.startedAt > stoppedAt).length >= 3, 'sign-ins met the outage');
      const restartingAt = Date.now();
      await redis.start();
      await until(
        () => attempts.filter((attempt) => attempt.startedAt > restartingAt && signedIn(attempt)).length >= 6,
        'sign-ins succeed again',
      );
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
        attempts.filter(
          (attempt) =>
            !signedIn(attempt) && !([500, 503].includes(attempt.status) && JSON.stringify(attempt.body) === JSON.stringify(SERVER_ERROR)),
        ),
        [],
        'no other answer at any time, even as Redis goes away or comes back in the middle of a sign-in (a 500 then: the rate-limit counter failed mid-command)',
      );
      t.same(attempts.slice(-3).map(signedIn), [true, true, true], 'the last sign-in of every visitor went through');

      const browser = createClient(stack.bffUrl);
      t.equal((await browser.post('/api/Member/Login', { userId: members[1]!.email, password: members[1]!.password })).body.code, 'ok');
      t.equal((await browser.get('/api/Member')).status, 200, 'and the session it made works');
    });
  }
});

t.test('PostgreSQL restarted under registrations', async (t) => {
  const SERVER_ERROR = { isSuccess: false, code: 'servererror' };

  interface Outcome {
    email: string;
    status: number;
    body: unknown;
  }

  t.test(
    'PostgreSQL restarted under a stream of registrations: every ok is stored and mailed, and the pool recovers',
    { skip: !postgresAvailable() },
    async (t) => {
      const postgres = await startPostgres();
      t.teardown(() => postgres.stop());
      const databaseUrl = await postgres.createDatabase();
      const stack = await startStack(t, {
        env: { REGISTER_RATE_LIMIT_PER_MINUTE: '100000', RATE_LIMIT_PER_MINUTE: '100000' },
        memberService: { databaseUrl, deliveryRetrySeconds: 0.2, deliveryPollSeconds: 0.2 },
      });

      const outcomes: Outcome[] = [];
      let streaming = true;
      let sequence = 0;
      async function visitor(): Promise<void> {
        const client = createClient(stack.bffUrl);
        while (streaming) {
          const email = `stream-${(sequence += 1)}@example.com`;
          const reply = await answered(client.post('/api/Member/Register', validRegistration(email)));
          outcomes.push({ email, status: reply.status, body: reply.body });
        }
      }
      const visitors = [visitor(), visitor(), visitor()];
      const ok = () => outcomes.filter((outcome) => (outcome.body as { code?: string }).code === 'ok');

      await until(() => ok().length >= 6, 'registrations are flowing');
      await postgres.restart({ downMs: 500 });
      const beforeRecovery = outcomes.length;
      await until(
        () => outcomes.slice(beforeRecovery).filter((outcome) => (outcome.body as { code?: string }).code === 'ok').length >= 9,
        'registrations succeed again',
      );
      streaming = false;
      await Promise.all(visitors);

      const failed = outcomes.filter((outcome) => (outcome.body as { code?: string }).code !== 'ok');
      t.ok(failed.length > 0, `the restart hit the stream (${failed.length} of ${outcomes.length} refused)`);
      t.same(
        failed.filter((outcome) => !(outcome.status === 502 && JSON.stringify(outcome.body) === JSON.stringify(SERVER_ERROR))),
        [],
        'a registration the database could not take is answered 502 servererror, nothing else',
      );
      t.same(
        outcomes.slice(-3).map((outcome) => (outcome.body as { code?: string }).code),
        ['ok', 'ok', 'ok'],
        'the pool recovered: the last registrations of every visitor went through',
      );

      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      t.teardown(() => client.end());
      const stored = new Set((await client.query<{ email: string }>('select email from members')).rows.map((row) => row.email));
      t.same(
        ok()
          .filter((outcome) => !stored.has(outcome.email))
          .map((outcome) => outcome.email),
        [],
        `every registration answered ok is in the database (${ok().length})`,
      );
      for (const { email } of ok()) await waitForMail(stack.dataDir, email);
      t.pass('and every one of them got its activation mail, even those whose first send met the restart');
    },
  );
});

t.test('a session store failing on save', async (t) => {
  /** A store that goes away between reading a request's session and saving it: every write fails. */
  class StoreGoneOnWrite extends MemoryStore {
    override async set(): Promise<void> {
      throw new StoreUnavailableError();
    }
    override async replace(): Promise<boolean> {
      throw new StoreUnavailableError();
    }
  }

  /**
   * Redis going away in the middle of a sign-in: the member service said yes, but the session
   * cannot be saved. The sign-in must be refused with the envelope (503 servererror), not with
   * Fastify's own error body, which the client cannot read: the session is saved again on the error
   * reply, fails again, and that second failure used to escape the portal's error replies.
   */
  t.test('a session that cannot be saved gets 503 servererror in the envelope', async (t) => {
    const app = Fastify({ logger: false });
    t.teardown(() => app.close());
    await app.register(errorReplies);
    await app.register(sessionPlugin, {
      store: new KeyValueSessionStore(new StoreGoneOnWrite(), systemClock, { idleSeconds: 600, absoluteSeconds: 3600 }),
      clock: systemClock,
      secret: 's'.repeat(32),
      // No session ends here: the store fails before any could.
      ender: { endThisSession: async () => {}, timedOut: async () => {} },
      secure: false,
      idleSeconds: 600,
      absoluteSeconds: 3600,
    });
    app.post('/sign-in', async (request) => {
      Object.assign(request.session, { memberId: 7, memberToken: 'token', signedInAt: Date.now(), lastSeenAt: Date.now() });
      return { isSuccess: true, code: 'ok' };
    });

    const reply = await app.inject({ method: 'POST', url: '/sign-in' });
    t.same([reply.statusCode, reply.json()], [503, { isSuccess: false, code: 'servererror' }]);
    t.notOk(reply.headers['set-cookie'], 'and no cookie for a session that was never saved');
  });
});
