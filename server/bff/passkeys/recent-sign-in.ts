import type { FastifyRequest } from 'fastify';
import { PASSKEY_RECENT_SIGN_IN_SECONDS } from '../../../shared/schemas/passkeys.ts';
import { ReplyError } from '../errors.ts';

/**
 * Adding a passkey gives a lasting way in, so it needs a fresh proof: a sign-in within the last
 * PASSKEY_RECENT_SIGN_IN_SECONDS. An older session gets 403 RecentSignInRequired (the client asks
 * the member to sign in again).
 */
export function requireRecentSignIn(request: FastifyRequest, now: number): void {
  const signedInAt = request.session.signedInAt ?? 0;
  if (now - signedInAt > PASSKEY_RECENT_SIGN_IN_SECONDS * 1000) throw new ReplyError(403, 'RecentSignInRequired');
}
