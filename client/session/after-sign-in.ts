import { navigate } from 'wouter/use-browser-location';
import { refreshSessionState } from '../api/member.ts';
import type { LoginOutcome } from './login-outcome.ts';
import { rememberUserId } from './stored-user.ts';

/** A sign-in that succeeded: leave for another site (or a full load), or go on to the next portal screen. */
export type SignedInOutcome = Exclude<LoginOutcome, { kind: 'error' }>;

/**
 * Follows a successful sign-in: another site (and a portal URL the server chose) gets a full
 * page load; a portal screen opens only once the client knows the session it now has.
 * `queryString` ('?…' or '') is kept on a screen whose path carries no query of its own;
 * `replace` leaves the current address out of the history (a provider's one-time callback);
 * `fragment` ('#…' or '') goes along to the screen: a link to a section of My account that
 * went through login first (MemberOnly) still ends at its section.
 */
export async function continueAfterSignIn(
  outcome: SignedInOutcome,
  queryString: string,
  options: { replace?: boolean; fragment?: string } = {},
): Promise<void> {
  if (outcome.kind === 'leave') {
    if (options.replace) window.location.replace(outcome.url);
    else window.location.assign(outcome.url);
    return;
  }
  if (outcome.userId) rememberUserId(outcome.userId);
  await refreshSessionState();
  const path = outcome.path.includes('?') ? outcome.path : outcome.path + queryString;
  navigate(path.includes('#') ? path : path + (options.fragment ?? ''), { replace: options.replace ?? false });
}
