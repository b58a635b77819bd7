import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { normalizeEmail } from '../../../shared/rules/email.ts';

/** Proof that this browser asked for a reset of an address (with the captcha): its resend links need none. */
const COOKIE = 'password-reset-email';
const COOKIE_PATH = '/api/Member/ResendResetPwdMail';
const COOKIE_SECONDS = 24 * 60 * 60;

/**
 * A reset-mail resend can reach any address, so it needs the captcha, except for the address this
 * browser asked for on the forgot-password screen (an HttpOnly, HMAC-signed cookie) and for the
 * opaque id of a reset link (it can only ever reach that link's owner).
 */
export function passwordMailProof(secret: string, secure: boolean) {
  const proofOf = (email: string) =>
    createHmac('sha256', secret)
      .update(`password-reset:${normalizeEmail(email)}`)
      .digest('base64url');
  return {
    remember(reply: FastifyReply, email: string): void {
      reply.setCookie(COOKIE, proofOf(email), { path: COOKIE_PATH, httpOnly: true, sameSite: 'strict', secure, maxAge: COOKIE_SECONDS });
    },
    needsCaptcha(request: FastifyRequest, userId: string): boolean {
      if (!userId.includes('@')) return false;
      const presented = Buffer.from(request.cookies[COOKIE] ?? '');
      const expected = Buffer.from(proofOf(userId));
      return presented.length !== expected.length || !timingSafeEqual(presented, expected);
    },
  };
}
