import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openMemberStore } from '../../server/member-service/store/store.ts';
import { postgresAvailable, startPostgres } from '../../test/helpers/postgres.ts';
import { redisAvailable, startRedis } from '../../test/helpers/redis.ts';

/** The database every test file's databases are copied from: migrated once per run. */
const TEMPLATE = 'member_template';
/** Database 0 hands out the others, one per test that asks (test/helpers/redis.ts). */
const REDIS_DATABASES = 10_000;

export interface RunEngines {
  /** What the test files read (test/helpers/postgres.ts, test/helpers/redis.ts). */
  env: Record<string, string>;
  stop(): Promise<void>;
}

type Started = { env: Record<string, string>; stop: () => Promise<void> } | undefined;

async function startPostgresWithTemplate(): Promise<Started> {
  if (!postgresAvailable()) return undefined;
  const postgres = await startPostgres();
  try {
    const templateUrl = await postgres.createDatabase(TEMPLATE);
    const dataDir = await mkdtemp(join(tmpdir(), 'template-'));
    const store = await openMemberStore({ dataDir, databaseUrl: templateUrl });
    await store.close();
    await rm(dataDir, { recursive: true, force: true });
  } catch (error) {
    await postgres.stop();
    throw error;
  }
  return { env: { TEST_POSTGRES_URL: postgres.url, TEST_POSTGRES_TEMPLATE: TEMPLATE }, stop: () => postgres.stop() };
}

async function startRunRedis(): Promise<Started> {
  if (!redisAvailable()) return undefined;
  const redis = await startRedis({ databases: REDIS_DATABASES });
  return { env: { TEST_REDIS_URL: redis.url }, stop: () => redis.destroy() };
}

/**
 * One PostgreSQL with a migrated template database and one Redis for the whole run, started
 * side by side. A missing engine is left out (its tests skip, or fail under CI, as when they
 * run alone).
 */
export async function startRunEngines(): Promise<RunEngines> {
  const outcomes = await Promise.allSettled([startPostgresWithTemplate(), startRunRedis()]);
  const started = outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' && outcome.value ? [outcome.value] : []));
  const stop = async () => {
    for (const engine of started) await engine.stop().catch(() => undefined);
  };
  const failed = outcomes.find((outcome) => outcome.status === 'rejected');
  if (failed) {
    await stop();
    throw failed.reason;
  }
  return { env: Object.assign({}, ...started.map((engine) => engine.env)), stop };
}
