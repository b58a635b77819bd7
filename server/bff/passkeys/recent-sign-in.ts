import type { FastifyRequest } from 'fastify';
import { PASSKEY_RECENT_SIGN_IN_SECONDS } from '../../../shared/schemas/passkeys.ts';
import { ReplyError } from '../errors.ts';

/**
 * Adding a passkey gives a lasting way in, so it needs a fresh proof: a sign-in by password,
 * code, passkey or provider within the last PASSKEY_RECENT_SIGN_IN_SECONDS. An older session,
 * or one a company-site ticket started (the site held the ticket, not the member), gets 403
 * RecentSignInRequired: the client asks the member to sign in again.
 */
export function requireRecentSignIn(request: FastifyRequest, now: number): void {
  const { signedInAt = 0, signedInByTicket } = request.session;
  if (signedInByTicket || now - signedInAt > PASSKEY_RECENT_SIGN_IN_SECONDS * 1000) throw new ReplyError(403, 'RecentSignInRequired');
}
