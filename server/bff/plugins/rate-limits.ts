import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { ReplyError } from '../errors.ts';
import { countRateLimited } from '../metrics/portal-metrics.ts';
import type { RedisStore } from '../store/redis-store.ts';

interface RateLimitOptions {
  perMinute: number;
  /** Counters in Redis, shared by every instance; unset: in-process counters. */
  redis?: RedisStore;
}

const MINUTE_MS = 60_000;

/** Route config for a stricter per-IP limit (registration, mail sending, password links); sign-in counts failures instead (sign-in/address-failures.ts). */
export function strictRateLimit(perMinute: number) {
  return { rateLimit: { max: perMinute, timeWindow: MINUTE_MS } };
}

/** Per-IP request limits on the routes registered after it; over the limit: 429, Retry-After, TooManyRequests. */
export default fp(
  async function rateLimits(app, options: RateLimitOptions) {
    const redis = options.redis;
    // Without its counters the limit cannot be enforced: refuse with 503 rather than let requests through.
    if (redis) app.addHook('onRequest', async () => redis.assertConnected());
    await app.register(rateLimit, {
      global: true,
      max: options.perMinute,
      timeWindow: MINUTE_MS,
      // Only a refused request learns when to come back (Retry-After); counters on every reply
      // are header work per request that no client reads.
      addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
      addHeaders: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false, 'retry-after': true },
      errorResponseBuilder: (request) => {
        countRateLimited(request.routeOptions.config.rateLimit ? 'route' : 'ip');
        return new ReplyError(429, 'TooManyRequests');
      },
      ...(redis ? { redis: redis.client, nameSpace: 'rate-limit:' } : {}),
    });
  },
  { name: 'portal-rate-limits' },
);
