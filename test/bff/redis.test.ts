import t, { type Test } from 'tap';
import pino from 'pino';
import { ManualClock } from '../../server/common/clock.ts';
import type { KeyValueStore } from '../../server/bff/store/key-value-store.ts';
import { MemoryStore } from '../../server/bff/store/memory-store.ts';
import { RedisStore } from '../../server/bff/store/redis-store.ts';
import { redisAvailable, redisForFile } from '../helpers/redis.ts';

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
