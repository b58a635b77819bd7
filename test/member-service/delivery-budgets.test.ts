import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { openMemberStore } from '../../server/member-service/store/store.ts';
import { databaseEngines } from './engines.ts';

const HOUR = 60 * 60 * 1000;

for (const engine of databaseEngines(t)) {
  t.test(`a destination's hourly budget holds under parallel takes (${engine.name})`, { skip: engine.skip }, async (t) => {
    const dataDir = await mkdtemp(join(tmpdir(), 'member-service-test-'));
    const store = await openMemberStore({ dataDir, databaseUrl: await engine.databaseUrl() });
    t.teardown(async () => {
      await store.close();
      await rm(dataDir, { recursive: true, force: true });
    });
    const hour = 1_700_000_000_000 - (1_700_000_000_000 % HOUR);

    const parallel = await Promise.all(Array.from({ length: 12 }, () => store.deliveryBudgets.take('number-a', hour, 5)));
    t.equal(parallel.filter(Boolean).length, 5, 'of twelve parallel messages five may go');
    t.equal(await store.deliveryBudgets.take('number-b', hour, 5), true, 'another destination has its own budget');
    t.equal(await store.deliveryBudgets.take('number-a', hour + HOUR, 5), true, 'and so has the next hour');

    await store.deliveryBudgets.forgetBefore(hour + HOUR);
    t.equal(await store.deliveryBudgets.take('number-a', hour, 5), true, 'forgotten windows count from zero');
    t.equal(await store.deliveryBudgets.take('number-c', hour, 0), false, 'a limit of zero lets nothing through');
  });
}
