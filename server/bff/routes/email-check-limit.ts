import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { normalizeEmail } from '../../../shared/rules/email.ts';
import { ReplyError } from '../errors.ts';
import { countRateLimited } from '../metrics/portal-metrics.ts';
import type { KeyValueStore } from '../store/key-value-store.ts';

const HOUR_SECONDS = 3600;

/**
 * IsExist tells whether an address is registered, so beyond the per-IP limit each address may
 * be asked about only so often, from any number of IPs. Addresses are kept as hashes.
 */
export function emailCheckLimit(store: KeyValueStore, perHour: number) {
  return async (email: string, reply: FastifyReply): Promise<void> => {
    const key = `email-check:${createHash('sha256').update(normalizeEmail(email)).digest('base64url')}`;
    if ((await store.increment(key, HOUR_SECONDS)) <= perHour) return;
    countRateLimited('email_check');
    reply.header('retry-after', String((await store.remainingSeconds(key)) ?? HOUR_SECONDS));
    throw new ReplyError(429, 'TooManyRequests');
  };
}
