import type { FastifyRequest } from 'fastify';
import { RECENT_SIGN_IN_SECONDS } from '../../../shared/limits.ts';
import { notSignedIn, ReplyError } from '../errors.ts';

/**
 * Whether this session's sign-in is recent: one the member made themselves (password, code,
 * provider, passkey) within RECENT_SIGN_IN_SECONDS. A session a company-site ticket started is
 * never recent: the site held the ticket, the member proved nothing in this browser.
 */
export function isRecentSignIn(request: FastifyRequest, now: number): boolean {
  const { signedInAt, signInMethod } = request.session ?? {};
  if (signedInAt === undefined || signInMethod === undefined || signInMethod === 'ticket') return false;
  return now - signedInAt <= RECENT_SIGN_IN_SECONDS * 1000;
}

/**
 * The one rule for what gives a lasting way in or cannot be undone (adding a passkey, a provider
 * or a proven phone; export, deletion, passkey removal, "This wasn't me"): without a recent
 * sign-in the answer is 403 RecentSignInRequired, and the client asks the member to sign in again
 * and brings them back.
 */
export function requireRecentSignIn(request: FastifyRequest, now: number): void {
  if (request.session?.memberId === undefined) throw notSignedIn();
  if (!isRecentSignIn(request, now)) throw new ReplyError(403, 'RecentSignInRequired');
}
