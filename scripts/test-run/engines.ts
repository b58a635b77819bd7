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

/**
 * One PostgreSQL with a migrated template database and one Redis for the whole run. A missing
 * engine is left out (its tests skip, or fail under CI, as when they run alone).
 */
export async function startRunEngines(): Promise<RunEngines> {
  const env: Record<string, string> = {};
  const stops: Array<() => Promise<void>> = [];
  try {
    if (postgresAvailable()) {
      const postgres = await startPostgres();
      stops.push(() => postgres.stop());
      const templateUrl = await postgres.createDatabase(TEMPLATE);
      const dataDir = await mkdtemp(join(tmpdir(), 'template-'));
      const store = await openMemberStore({ dataDir, databaseUrl: templateUrl });
      await store.close();
      await rm(dataDir, { recursive: true, force: true });
      env.TEST_POSTGRES_URL = postgres.url;
      env.TEST_POSTGRES_TEMPLATE = TEMPLATE;
    }
    if (redisAvailable()) {
      const redis = await startRedis({ databases: REDIS_DATABASES });
      stops.push(() => redis.destroy());
      env.TEST_REDIS_URL = redis.url;
    }
  } catch (error) {
    for (const stop of stops.reverse()) await stop();
    throw error;
  }
  return {
    env,
    async stop() {
      for (const stop of stops.reverse()) await stop().catch(() => undefined);
    },
  };
}
