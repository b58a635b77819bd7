import type { FastifyReply } from 'fastify';
import { normalizeEmail } from '../../../shared/rules/email.ts';
import { ReplyError } from '../errors.ts';
import { countRateLimited } from '../metrics/portal-metrics.ts';
import type { KeyValueStore } from '../store/key-value-store.ts';

const HOUR_SECONDS = 60 * 60;

/**
 * Password mails per address and hour, whoever asks and from however many IPs: a limit on
 * flooding one mailbox and on probing one address. Counted in the shared store, so all
 * instances count together. Over the limit: 429 TooManyRequests with Retry-After.
 */
export function passwordMailLimit(store: KeyValueStore, perHour: number) {
  return async (kind: string, address: string, reply: FastifyReply): Promise<void> => {
    const count = await store.increment(`password-mail:${kind}:${normalizeEmail(address)}`, HOUR_SECONDS);
    if (count > perHour) {
      countRateLimited('password_mail');
      reply.header('retry-after', String(HOUR_SECONDS));
      throw new ReplyError(429, 'TooManyRequests');
    }
  };
}
