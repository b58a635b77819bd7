import type { FastifyRequest } from 'fastify';
import { OtpVerifyType } from '../../../shared/enums.ts';
import { OTP_VALID_SECONDS } from '../../../shared/limits.ts';
import { normalizeEmail } from '../../../shared/rules/email.ts';

declare module 'fastify' {
  interface Session {
    /**
     * This browser gave the right password for `userId`, but the password still needs a mailed
     * code (`confirmbycode`): a code for the same account entered here confirms it.
     */
    passwordConfirmation?: { userId: string; at: number };
  }
}

/** The code is mailed once the browser asks for it; both fit in a code's life with time to spare. */
const CONFIRMATION_VALID_MS = 2 * OTP_VALID_SECONDS * 1000;

/**
 * A password chosen before the address was proven signs in only together with a code from the
 * mailbox, entered in the same browser session: the attacker who pre-registered the address has
 * the password but not the mailbox, the owner who signs in by code has the mailbox but did not
 * give the password, and neither confirms it for the other.
 */
export const passwordConfirmation = {
  /** Remembers that this session gave the right, still unconfirmed password for the account. */
  await(request: FastifyRequest, userId: string, now: number): void {
    request.session.passwordConfirmation = { userId: normalizeEmail(userId), at: now };
  },

  /** Whether a mailed code for `userId` entered now confirms the password this session gave. */
  confirms(request: FastifyRequest, userId: string, otpVerifyType: number | undefined, now: number): boolean {
    const pending = request.session?.passwordConfirmation;
    return (
      pending !== undefined &&
      (otpVerifyType ?? OtpVerifyType.Email) === OtpVerifyType.Email &&
      pending.userId === normalizeEmail(userId) &&
      now - pending.at < CONFIRMATION_VALID_MS
    );
  },

  forget(request: FastifyRequest): void {
    if (request.session) request.session.passwordConfirmation = undefined;
  },
};
