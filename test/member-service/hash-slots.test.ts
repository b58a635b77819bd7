import t from 'tap';
import { HashSlots } from '../../server/member-service/security/hash-slots.ts';

/** A hash that finishes when the test says so. */
function pendingHash(started: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { run: async () => (started.push(name), await done, name), finish };
}

t.test('no more hashes run at once than there are slots; the others start in the order they came', async (t) => {
  const slots = new HashSlots(2);
  const started: string[] = [];
  const hashes = ['a', 'b', 'c', 'd'].map((name) => pendingHash(started, name));
  const results = hashes.map((hash) => slots.run(hash.run));
  await new Promise((resolve) => setImmediate(resolve));
  t.same(started, ['a', 'b'], 'two run, two wait');

  hashes[1]!.finish();
  await results[1];
  await new Promise((resolve) => setImmediate(resolve));
  t.same(started, ['a', 'b', 'c'], 'a freed slot goes to the first in line');

  hashes[0]!.finish();
  hashes[2]!.finish();
  hashes[3]!.finish();
  t.same(await Promise.all(results), ['a', 'b', 'c', 'd']);
});

t.test('a hash that fails frees its slot and its caller gets the failure', async (t) => {
  const slots = new HashSlots(1);
  await t.rejects(
    slots.run(async () => {
      throw new Error('bad hash');
    }),
    /bad hash/,
  );
  t.equal(await slots.run(async () => 'next'), 'next', 'the next hash still runs');
});
