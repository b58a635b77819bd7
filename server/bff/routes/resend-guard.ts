import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RESEND_COUNTDOWN_SECONDS } from '../../../shared/limits.ts';
import { normalizeEmail } from '../../../shared/rules/email.ts';
import { ReplyError } from '../errors.ts';
import type { KeyValueStore } from '../store/key-value-store.ts';

/** Proof that this browser registered an address: its verify page may resend there without a captcha. */
const REGISTERED_COOKIE = 'registered-email';
const REGISTERED_COOKIE_PATH = '/api/Member/Reactivate';
const REGISTERED_COOKIE_SECONDS = 24 * 60 * 60;
const isEmailAddress = (userId: string) => userId.includes('@');

function recipientKey(userId: string): string {
  const id = isEmailAddress(userId) ? normalizeEmail(userId) : userId;
  return `verification-sent:${createHash('sha256').update(id).digest('base64url')}`;
}

export function registrationProof(secret: string, secure: boolean) {
  const proofOf = (email: string) => createHmac('sha256', secret).update(`registered:${normalizeEmail(email)}`).digest('base64url');
  return {
    remember(reply: FastifyReply, email: string): void {
      reply.setCookie(REGISTERED_COOKIE, proofOf(email), {
        path: REGISTERED_COOKIE_PATH,
        httpOnly: true,
        sameSite: 'strict',
        secure,
        maxAge: REGISTERED_COOKIE_SECONDS,
      });
    },
    /**
     * A resend can mail any address, so it needs the captcha, except for the address this
     * browser registered (the verify page) and for the opaque id of an activation link (it can
     * only ever reach that link's owner).
     */
    needsCaptcha(request: FastifyRequest, userId: string): boolean {
      if (!isEmailAddress(userId)) return false;
      const presented = Buffer.from(request.cookies[REGISTERED_COOKIE] ?? '');
      const expected = Buffer.from(proofOf(userId));
      return presented.length !== expected.length || !timingSafeEqual(presented, expected);
    },
  };
}

/** The resend countdown kept by the server as well: one verification mail per recipient per RESEND_COUNTDOWN_SECONDS. */
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
