import t, { type Test } from 'tap';
import pino from 'pino';
import { ManualClock } from '../../server/common/clock.ts';
import { type KeyValueStore } from '../../server/bff/store/key-value-store.ts';
import { MemoryStore } from '../../server/bff/store/memory-store.ts';
import { RedisStore } from '../../server/bff/store/redis-store.ts';
import { redisAvailable, redisForFile } from '../helpers/redis.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadBffConfig } from '../../server/bff/config.ts';
import {
  buildBff,
  createActiveMember,
  createClient,
  signIn,
  startAnotherBff,
  startStack,
  TEST_PASSWORD,
  type TestClient,
} from '../helper.ts';
import { Redis } from 'ioredis';
import { readOutbox } from '../helpers/outbox.ts';
import { mailedCode } from '../member-service/sign-in-fixtures.ts';
import { startSignInStack } from './sign-in-fixtures.ts';
import { startGraphApi } from '../helpers/graph-api.ts';

t.test('the store contract, in memory and on Redis', async (t) => {
  interface StoreUnderTest {
    store: KeyValueStore;
    /** Lets `ms` pass for the store's expiry: a manual clock for memory, real time for Redis. */
    pass(ms: number): Promise<void>;
  }

  /** The same behaviour, whichever implementation the portal runs on. */
  function contract(name: string, make: (t: Test) => Promise<StoreUnderTest>) {
    t.test(`${name}: values, TTLs and deletion`, async (t) => {
      const { store, pass } = await make(t);
      t.equal(await store.get('absent'), undefined);
      const session = JSON.stringify({ memberId: 7, name: '王小明' });
      await store.set('session:a', session, 60);
      t.equal(await store.get('session:a'), session, 'a JSON value comes back as written');
      await store.set('session:a', '"replaced"', 60);
      t.equal(await store.get('session:a'), '"replaced"', 'set overwrites');
      await store.delete('session:a');
      t.equal(await store.get('session:a'), undefined, 'deleted');
      await store.delete('never-written');

      await store.set('short', 'x', 0.2);
      await store.set('long', 'y', 60);
      await pass(500);
      t.equal(await store.get('short'), undefined, 'gone once its TTL has passed');
      t.equal(await store.get('long'), 'y', 'a longer TTL is still running');
    });

    t.test(`${name}: remaining seconds`, async (t) => {
      const { store } = await make(t);
      t.equal(await store.remainingSeconds('absent'), undefined);
      await store.set('lock', '1', 90);
      const left = (await store.remainingSeconds('lock'))!;
      t.ok(left > 85 && left <= 90, `about 90 s left (${left})`);
    });

    t.test(`${name}: increment counts atomically and keeps the TTL of the first increment`, async (t) => {
      const { store, pass } = await make(t);
      t.equal(await store.increment('failures', 100), 1);
      t.equal(await store.increment('failures', 1000), 2);
      t.equal(await store.increment('failures', 1000), 3);
      t.ok((await store.remainingSeconds('failures'))! <= 100, 'later increments do not extend the TTL');

      const counts = await Promise.all(Array.from({ length: 40 }, () => store.increment('burst', 60)));
      t.same(
        [...counts].sort((a, b) => a - b),
        Array.from({ length: 40 }, (_v, i) => i + 1),
        'no lost or doubled counts',
      );

      await store.increment('window', 0.2);
      await pass(500);
      t.equal(await store.increment('window', 60), 1, 'after the TTL the count starts again');
    });

    t.test(`${name}: take hands a value to exactly one caller`, async (t) => {
      const { store, pass } = await make(t);
      t.equal(await store.take('absent'), undefined);
      await store.set('challenge', 'abc', 60);
      const takers = await Promise.all(Array.from({ length: 20 }, () => store.take('challenge')));
      t.same(
        takers.filter((value) => value !== undefined),
        ['abc'],
        'one of twenty concurrent callers gets it',
      );
      t.equal(await store.get('challenge'), undefined, 'and it is gone');
      await store.set('expiring', 'x', 0.2);
      await pass(500);
      t.equal(await store.take('expiring'), undefined, 'nothing after its TTL');
    });

    t.test(`${name}: setIfAbsent has exactly one winner`, async (t) => {
      const { store, pass } = await make(t);
      t.equal(await store.setIfAbsent('otp-sent', 'first', 60), true);
      t.equal(await store.setIfAbsent('otp-sent', 'second', 60), false);
      t.equal(await store.get('otp-sent'), 'first', 'the loser changes nothing');

      const wins = await Promise.all(Array.from({ length: 20 }, (_v, i) => store.setIfAbsent('race', String(i), 60)));
      t.equal(wins.filter(Boolean).length, 1);

      await store.setIfAbsent('window', 'a', 0.2);
      await pass(500);
      t.equal(await store.setIfAbsent('window', 'b', 60), true, 'free again after the TTL');
      t.equal(await store.get('window'), 'b');
    });

    t.test(`${name}: replace changes a present key only`, async (t) => {
      const { store, pass } = await make(t);
      t.equal(await store.replace('session', 'revived', 60), false, 'an absent key is not created');
      t.equal(await store.get('session'), undefined);
      await store.set('session', 'first', 60);
      t.equal(await store.replace('session', 'second', 0.2), true);
      t.equal(await store.get('session'), 'second');
      await pass(500);
      t.equal(await store.replace('session', 'third', 60), false, 'nor one past its TTL');
      await store.set('ended', 'x', 60);
      await store.delete('ended');
      t.equal(await store.replace('ended', 'y', 60), false, 'nor a deleted one');
      t.equal(await store.get('ended'), undefined);
    });

    t.test(`${name}: sets`, async (t) => {
      const { store, pass } = await make(t);
      t.same(await store.setMembers('absent'), []);
      await store.addToSet('member:1', 'a', 100);
      await store.addToSet('member:1', 'b', 100);
      await store.addToSet('member:1', 'a', 100);
      t.same((await store.setMembers('member:1')).sort(), ['a', 'b'], 'a member is held once');
      await store.addToSet('member:1', 'c', 1000);
      t.ok((await store.remainingSeconds('member:1'))! > 100, 'the TTL restarts at every add');
      await store.removeFromSet('member:1', 'a');
      await store.removeFromSet('member:1', 'not-there');
      t.same((await store.setMembers('member:1')).sort(), ['b', 'c']);
      await store.delete('member:1');
      t.same(await store.setMembers('member:1'), [], 'delete removes a set too');

      await Promise.all(Array.from({ length: 20 }, (_v, i) => store.addToSet('member:2', `s${i}`, 60)));
      t.equal((await store.setMembers('member:2')).length, 20, 'concurrent adds are all kept');

      await store.addToSet('member:3', 'x', 0.2);
      await pass(500);
      t.same(await store.setMembers('member:3'), [], 'the set expires with its TTL');
    });

    t.test(`${name}: health`, async (t) => {
      const { store } = await make(t);
      t.equal(await store.isHealthy(), true);
    });
  }

  contract('MemoryStore', async (t) => {
    const clock = new ManualClock();
    const store = new MemoryStore(clock);
    t.teardown(() => store.close());
    return {
      store,
      pass: async (ms) => clock.advance(ms),
    };
  });

  if (redisAvailable()) {
    const server = await redisForFile(t);
    let tests = 0;
    contract('RedisStore', async (t) => {
      // A prefix per test keeps the tests of this file apart on one server.
      const store = new RedisStore({ url: server.url, keyPrefix: `contract${++tests}:`, log: pino({ level: 'silent' }) });
      await store.connect();
      t.teardown(() => store.close());
      return {
        store,
        pass: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
      };
    });
  } else {
    t.test('RedisStore', { skip: 'redis-server is not installed' }, async () => {});
  }
});

t.test('Redis settings', async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-redis-config-'));
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
  const base = { DATA_DIR: dataDir };

  t.test('without REDIS_URL the in-process store is used; the key prefix defaults to portal:', async (t) => {
    const config = loadBffConfig(base);
    t.equal(config.redisUrl, undefined);
    t.equal(config.redisKeyPrefix, 'portal:');
    const { app } = await buildBff(t);
    const ready = await app.inject({ url: '/readyz' });
    t.equal(ready.json().data.store, 'ok', 'the in-process store is always ready (the absent member service is not)');
    t.equal(ready.json().data.upstream, 'unavailable');
  });

  t.test('REDIS_URL and REDIS_KEY_PREFIX are read and checked', async (t) => {
    const config = loadBffConfig({
      ...base,
      REDIS_URL: 'rediss://:secret@redis.example.com:6380/2',
      REDIS_KEY_PREFIX: 'member-portal.eu:',
    });
    t.equal(config.redisUrl, 'rediss://:secret@redis.example.com:6380/2');
    t.equal(config.redisKeyPrefix, 'member-portal.eu:');
    t.throws(() => loadBffConfig({ ...base, REDIS_URL: 'http://redis.example.com' }), /REDIS_URL/);
    t.throws(() => loadBffConfig({ ...base, REDIS_URL: 'redis://redis host' }), /REDIS_URL/);
    t.throws(() => loadBffConfig({ ...base, REDIS_KEY_PREFIX: 'portal *' }), /REDIS_KEY_PREFIX/);
    t.throws(() => loadBffConfig({ ...base, REDIS_KEY_PREFIX: 'x'.repeat(65) }), /REDIS_KEY_PREFIX/);
    t.equal(loadBffConfig({ ...base, REDIS_URL: ' ', REDIS_KEY_PREFIX: '' }).redisUrl, undefined, 'empty counts as unset');
  });
});

t.test('portal instances sharing Redis', async (t) => {
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
});

t.test('sign-in state shared through Redis', async (t) => {
  if (!redisAvailable()) {
    t.test('sign-in state shared through Redis', { skip: 'redis-server is not installed' }, async () => {});
  } else {
    const redis = await redisForFile(t);
    let prefixes = 0;

    /** Two portal instances sharing one Redis (a key prefix of their own per test) and one member service. */
    async function twoInstances(t: Parameters<typeof startSignInStack>[0]) {
      const signIn = await startSignInStack(t, { env: { REDIS_URL: redis.url, REDIS_KEY_PREFIX: `sign-in${++prefixes}:` } });
      const other = await startAnotherBff(t, signIn.stack);
      return { ...signIn, a: signIn.stack.bffUrl, b: other.url };
    }

    t.test('wrong passwords on either instance count towards one lock, which both honour', async (t) => {
      const { a, b, member, login } = await twoInstances(t);
      const ada = await member();
      for (const url of [a, b, a, b]) t.equal((await login(createClient(url), ada.email, 'Wrong1234')).body.code, 'AccountOrPwdFail');
      t.same(
        (await login(createClient(b), ada.email, 'Wrong1234')).body,
        { isSuccess: false, code: 'AccountLock', data: { remainingSeconds: 180 } },
        'the fifth, on B, locks',
      );
      t.equal((await login(createClient(a), ada.email)).body.code, 'AccountLock', 'A sees the lock');
    });

    t.test('parallel wrong passwords spread over both instances do not get past five checks', async (t) => {
      const { a, b, member, login } = await twoInstances(t);
      const ada = await member();
      const replies = await Promise.all(Array.from({ length: 12 }, (_, i) => login(createClient(i % 2 ? a : b), ada.email, 'Wrong1234')));
      t.equal(replies.filter((r) => r.body.code === 'AccountOrPwdFail').length, 4);
      t.equal(replies.filter((r) => r.body.code === 'AccountLock').length, 8);
    });

    t.test('the code send window opened on one instance holds on the other', async (t) => {
      const { a, b, member, stack } = await twoInstances(t);
      const ada = await member();
      t.equal(
        (await createClient(a).post('/api/Member/SendOtpCode', { userId: ada.email, otpVerifyType: 1 })).body.data.remainingSeconds,
        180,
      );
      const onB = await createClient(b).post('/api/Member/SendOtpCode', { userId: ada.email, otpVerifyType: 1 });
      t.ok(onB.body.data.remainingSeconds <= 180 && onB.body.data.remainingSeconds > 0, 'B answers with the running window');
      const code = await mailedCode(stack.dataDir, ada.email);
      const codeMails = (await readOutbox(stack.dataDir)).filter((m) => m.to === ada.email && !/activate-member/.test(m.text));
      t.equal(codeMails.length, 1, 'B sent no second code');
      const browser = createClient(b);
      t.equal((await browser.post('/api/Member/otpVerify', { userId: ada.email, code })).body.code, 'ok', 'the code from A signs in on B');
    });
  }
});

t.test('social sign-in across instances', async (t) => {
  if (!redisAvailable()) {
    t.test('social sign-in across portal instances', { skip: 'redis-server is not installed' }, async () => {});
  } else {
    t.test('a round trip started on one instance finishes on another (state and identity live in the shared session)', async (t) => {
      const redis = await redisForFile(t);
      const facebook = await startGraphApi(t);
      const stack = await startStack(t, { env: { REDIS_URL: redis.url, REDIS_KEY_PREFIX: 'social:', ...facebook.env() } });
      const other = await startAnotherBff(t, stack);

      const onA = createClient(stack.bffUrl);
      facebook.signInAs({ id: 'fb-77', name: 'Ada Graph', email: 'ada.graph@example.com' });
      const started = await onA.post('/api/Member/SocialAuthorize', { socialType: 2, origin: 'login' });
      const back = await facebook.authorize(started.body.data.authorizationUrl);

      const onB = createClient(other.url);
      for (const [name, value] of onA.cookies) onB.cookies.set(name, value);
      const login = await onB.post('/api/Member/FbLogin', { code: back.searchParams.get('code'), state: back.searchParams.get('state') });
      t.equal(login.body.code, 'notfound', 'B knows the state A issued');
      t.same(
        (await onA.get('/api/Member/SocialSignUp')).body.data.identity,
        { socialType: 2, socialEmail: 'ada.graph@example.com', socialName: 'Ada Graph' },
        'and A sees the identity B verified',
      );

      const replay = await onA.post('/api/Member/FbLogin', { code: back.searchParams.get('code'), state: back.searchParams.get('state') });
      t.equal(replay.body.code, 'SocialStateInvalid', 'used once, whichever instance');
    });
  }
});
