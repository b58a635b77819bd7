import { mutate } from 'swr';
import { navigate } from 'wouter/use-browser-location';
import { fetchData } from '../api/http.ts';
import { IS_LOGIN_PATH, MEMBER_PATH } from '../api/member.ts';
import type { LoginOutcome } from './login-outcome.ts';
import { rememberUserId } from './stored-user.ts';

/**
 * The one step after anything that signs the browser in or out without a page load (password,
 * code, social, referer ticket, activation, passkey): the cached session answers (IsLogin, user
 * info) predate it, and the next screen's guards would act on them, e.g. send a member who was
 * just signed in from choosing-preferring to login. IsLogin is read afresh before this resolves;
 * the user info is dropped, and read again only for a signed-in browser (asking a signed-out one
 * would open the session-ended dialog).
 */
export async function refreshSessionState(): Promise<void> {
  const state = await fetchData<{ isLogin: boolean }>(IS_LOGIN_PATH).catch(() => undefined);
  if (state) await mutate(IS_LOGIN_PATH, state, { revalidate: false });
  await mutate(MEMBER_PATH, state?.isLogin === false ? null : undefined, { revalidate: state?.isLogin === true }).catch(() => undefined);
}

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
