import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { ReplyError } from '../errors.ts';

export interface RateLimitOptions {
  perMinute: number;
}

const MINUTE_MS = 60_000;

/** Route config for a stricter per-IP limit (sign-in, registration, mail sending). */
export function strictRateLimit(perMinute: number) {
  return { rateLimit: { max: perMinute, timeWindow: MINUTE_MS } };
}

/** Per-IP request limits on the routes registered after it; over the limit: 429, Retry-After, TooManyRequests. */
export default fp(
  async function rateLimits(app, options: RateLimitOptions) {
    await app.register(rateLimit, {
      global: true,
      max: options.perMinute,
      timeWindow: MINUTE_MS,
      errorResponseBuilder: () => new ReplyError(429, 'TooManyRequests'),
    });
  },
  { name: 'portal-rate-limits' },
);
