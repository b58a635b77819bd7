import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../common/clock.ts';
import type { BffConfig } from '../config.ts';
import type { KeyValueStore } from './key-value-store.ts';
import { MemoryStore } from './memory-store.ts';
import type { RedisStore } from './redis-store.ts';

export interface PortalStore {
  store: KeyValueStore;
  /** Set when the store is Redis: rate-limit counters then live there as well. */
  redis: RedisStore | undefined;
}

/** Redis when REDIS_URL is set (shared by every instance), otherwise the in-process store. */
export async function createStore(
  config: Pick<BffConfig, 'redisUrl' | 'redisKeyPrefix'>,
  options: { clock: Clock; log: FastifyBaseLogger },
): Promise<PortalStore> {
  if (config.redisUrl === undefined) return { store: new MemoryStore(options.clock), redis: undefined };
  // Loaded only with REDIS_URL: ioredis costs about 100 ms to import, which a single instance
  // (and every test without Redis) would pay for nothing.
  const { RedisStore } = await import('./redis-store.ts');
  const redis = new RedisStore({ url: config.redisUrl, keyPrefix: config.redisKeyPrefix, log: options.log });
  await redis.connect();
  return { store: redis, redis };
}
