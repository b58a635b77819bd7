import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { RESEND_COUNTDOWN_SECONDS } from '../../../shared/limits.ts';
import { normalizeEmail } from '../../../shared/rules/email.ts';
import { ReplyError } from '../errors.ts';
import { countRateLimited } from '../metrics/portal-metrics.ts';
import type { KeyValueStore } from '../store/key-value-store.ts';

const isEmailAddress = (userId: string) => userId.includes('@');

function recipientKey(userId: string): string {
  const id = isEmailAddress(userId) ? normalizeEmail(userId) : userId;
  return `verification-sent:${createHash('sha256').update(id).digest('base64url')}`;
}

/**
 * Proof that a browser registered an address, handed back with the registration: its verify
 * page may resend there without a captcha. It is a keyed hash of the address, so it cannot be
 * made up for another one.
 */
export function registrationProof(secret: string) {
  const proofOf = (email: string) =>
    createHmac('sha256', secret)
      .update(`registered:${normalizeEmail(email)}`)
      .digest('base64url');
  return {
    issue: proofOf,
    /**
     * A resend can mail any address, so it needs the captcha, except for the address the
     * browser proves it registered and for the opaque id of an activation link (it can only
     * ever reach that link's owner).
     */
    needsCaptcha(userId: string, proof: string | undefined): boolean {
      if (!isEmailAddress(userId)) return false;
      const presented = Buffer.from(proof ?? '');
      const expected = Buffer.from(proofOf(userId));
      return presented.length !== expected.length || !timingSafeEqual(presented, expected);
    },
  };
}

/**
 * The resend countdown kept by the server as well: after a resend, the next one to the same
 * recipient waits RESEND_COUNTDOWN_SECONDS. Claiming is atomic, so concurrent requests send
 * one mail; a send that failed gives its claim back.
 */
export function verificationMailPacing(store: KeyValueStore) {
  return {
    async claim(userId: string, reply: FastifyReply): Promise<void> {
      const key = recipientKey(userId);
      if (await store.setIfAbsent(key, '1', RESEND_COUNTDOWN_SECONDS)) return;
      countRateLimited('verification_resend');
      reply.header('retry-after', String((await store.remainingSeconds(key)) ?? RESEND_COUNTDOWN_SECONDS));
      throw new ReplyError(429, 'TooManyRequests');
    },
    async release(userId: string): Promise<void> {
      await store.delete(recipientKey(userId));
    },
  };
}
