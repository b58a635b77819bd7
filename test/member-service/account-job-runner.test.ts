import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import t from 'tap';
import { ManualClock } from '../../server/common/clock.ts';
import { JobRunner, type PeriodicJob } from '../../server/member-service/jobs/runner.ts';
import { openDatabase } from '../../server/member-service/store/db.ts';
import { openMemberStore, type MemberStore } from '../../server/member-service/store/store.ts';
import { databaseEngines } from './engines.ts';

const HOUR = 3_600_000;
const logger = pino({ level: 'silent' });

/** A job that counts its runs and, while `gate` is set, waits for it before finishing. */
function countingJob(name: string) {
  const state = { runs: 0, gate: undefined as Promise<void> | undefined, started: () => {} };
  const job: PeriodicJob = {
    name,
    intervalMs: HOUR,
    leaseMs: 10 * 60_000,
    async run() {
      state.runs += 1;
      state.started();
      await state.gate;
    },
  };
  return { job, state };
}

for (const engine of databaseEngines(t)) {
  t.test(`periodic jobs on ${engine.name}`, { skip: engine.skip }, async (t) => {
    const dataDir = await mkdtemp(join(tmpdir(), 'job-runner-test-'));
    const options = { dataDir, databaseUrl: await engine.databaseUrl() };
    // Two instances of the member service: two stores (connections) on one database.
    const stores: MemberStore[] = [await openMemberStore(options), await openMemberStore(options)];
    t.teardown(async () => {
      for (const store of stores) await store.close();
      await rm(dataDir, { recursive: true, force: true });
    });
    const clock = new ManualClock(Date.UTC(2026, 0, 1));
    const { job, state } = countingJob('count');
    const [a, b] = stores.map((store) => new JobRunner({ store, clock, logger, jobs: [job], pollMs: 0 })) as [JobRunner, JobRunner];

    t.test('while one instance runs a job, the other does not run it', async (t) => {
      let open!: () => void;
      state.gate = new Promise<void>((resolve) => (open = resolve));
      const started = new Promise<void>((resolve) => (state.started = resolve));
      const first = a.runDue();
      await started;
      await b.runDue();
      t.equal(await b.runNow('count'), false, 'a forced run waits for the lease too');
      open();
      await first;
      state.gate = undefined;
      t.equal(state.runs, 1);
    });

    t.test('a finished job is not due again until its interval has passed', async (t) => {
      await Promise.all([a.runDue(), b.runDue()]);
      t.equal(state.runs, 1);
      clock.advance(HOUR - 1);
      await b.runDue();
      t.equal(state.runs, 1);
      clock.advance(1);
      await Promise.all([a.runDue(), b.runDue()]);
      t.equal(state.runs, 2, 'due again: exactly one instance ran it');
    });

    t.test('runNow runs a job whatever its schedule', async (t) => {
      t.equal(await a.runNow('count'), true);
      t.equal(state.runs, 3);
      await t.rejects(a.runNow('no-such-job'), /Unknown job/);
    });

    t.test('a lease left by an instance that died is taken over once it expires', async (t) => {
      clock.advance(HOUR);
      t.ok(await stores[0]!.jobLeases.claim('count', 'dead-instance', clock.now(), clock.now() + 10 * 60_000, { dueOnly: true }));
      await b.runDue();
      t.equal(state.runs, 3, 'the lease is still held');
      clock.advance(10 * 60_000);
      await b.runDue();
      t.equal(state.runs, 4);
    });

    t.test('a failing job releases its lease and is tried again at the next interval', async (t) => {
      let attempts = 0;
      const failing: PeriodicJob = {
        name: 'failing',
        intervalMs: HOUR,
        async run() {
          attempts += 1;
          if (attempts === 1) throw new Error('boom');
        },
      };
      const runner = new JobRunner({ store: stores[1]!, clock, logger, jobs: [failing], pollMs: 0 });
      await t.rejects(runner.runNow('failing'), /boom/);
      await runner.runDue();
      t.equal(attempts, 1, 'not due before the interval');
      clock.advance(HOUR);
      await runner.runDue();
      t.equal(attempts, 2, 'the lease was given back');
    });
  });
}

t.test('a database that ran a later-numbered migration first still gets an earlier-numbered one', async (t) => {
  const dataDir = await mkdtemp(join(tmpdir(), 'job-runner-test-'));
  t.teardown(() => rm(dataDir, { recursive: true, force: true }));
  await (await openMemberStore({ dataDir })).close();
  // As if the job-lease migration had arrived after the consent-history one had already run.
  const { db } = openDatabase({ dataDir });
  await db
    .deleteFrom('kysely_migration' as never)
    .where('name' as never, '=', '0400-job-leases' as never)
    .execute();
  await db.schema.dropTable('job_leases').execute();
  await db.destroy();

  const store = await openMemberStore({ dataDir });
  t.teardown(() => store.close());
  t.ok(await store.jobLeases.claim('again', 'holder', 1, 2, { dueOnly: true }), 'the missing migration ran');
});
