import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { RESEND_COUNTDOWN_SECONDS } from '../../../shared/limits.ts';
import { normalizeEmail } from '../../../shared/rules/email.ts';
import { ReplyError } from '../errors.ts';
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
  const proofOf = (email: string) => createHmac('sha256', secret).update(`registered:${normalizeEmail(email)}`).digest('base64url');
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
 * recipient waits RESEND_COUNTDOWN_SECONDS.
 */
export function verificationMailPacing(store: KeyValueStore) {
  return {
    async markSent(userId: string): Promise<void> {
      await store.set(recipientKey(userId), String(Date.now()), RESEND_COUNTDOWN_SECONDS);
    },
    async waitOrThrow(userId: string, reply: FastifyReply): Promise<void> {
      const sentAt = Number(await store.get(recipientKey(userId)));
      if (!sentAt) return;
      const remaining = Math.max(1, Math.ceil(RESEND_COUNTDOWN_SECONDS - (Date.now() - sentAt) / 1000));
      reply.header('retry-after', String(remaining));
      throw new ReplyError(429, 'TooManyRequests');
    },
  };
}
