import type { accountPortal } from '../../shared/contract/portal/account.ts';
import type { profilePortal } from '../../shared/contract/portal/profile.ts';
import type { signInPortal } from '../../shared/contract/portal/sign-in.ts';
import type { BrowserMember } from '../../shared/schemas/member.ts';
import { MEMBER_READING_SEGMENTS } from '../../shared/screens.ts';
import { emitApiEvent } from './api-events.ts';
import { ApiError, fetchData, releaseBody, request } from './http.ts';
import { portalRequest, type PortalBody, type PortalData } from './portal-request.ts';
import { forgetSharedRead, readAhead, rereadSharedRead, setSharedRead, useSharedRead } from './shared-reads.ts';

type Account = typeof accountPortal;

export const IS_LOGIN_PATH: typeof signInPortal.isLogin.url = '/api/Member/IsLogin';
export const MEMBER_PATH: typeof profilePortal.get.url = '/api/Member';

/** The member, or null when the session is not signed in (401): for a visitor that is an answer, not a failure. */
async function readMember(path: string): Promise<BrowserMember | null> {
  const reply = await request<BrowserMember>(path, { signedOutIsAnswer: true }).catch((error: unknown) => {
    if (error instanceof ApiError && error.kind === 'unauthorized') return null;
    throw error;
  });
  if (reply === null) return null;
  if (!reply.isSuccess) throw new ApiError('rejected', 200, reply.code);
  return reply.data ?? null;
}

type LoginState = PortalData<typeof signInPortal.isLogin>;

const readLoginState = (path: string) => fetchData<LoginState>(path);

/** IsLogin alone: whether this browser's session is signed in; undefined while unknown. */
export function useLoginState(): boolean | undefined {
  return useSharedRead(IS_LOGIN_PATH, readLoginState).data?.isLogin;
}

/**
 * The login state and the signed-in member's user info on `page` (the first path segment after
 * the language). isLogin is undefined while unknown; member is undefined while unknown or signed out.
 */
export function useMember(page: string) {
  // Screens that read the member anyway (shared/screens.ts): the member read is their login check
  // as well (401 means signed out), so painting them costs one request. Elsewhere the header asks
  // IsLogin first (spec section 2, Header), which answers a visitor without a failed request.
  const direct = MEMBER_READING_SEGMENTS.has(page);
  const check = useSharedRead(direct ? null : IS_LOGIN_PATH, readLoginState);
  const read = useSharedRead(direct || check.data?.isLogin ? MEMBER_PATH : null, readMember);
  return {
    // A member read that met 401 after IsLogin said yes: the session ended in between.
    isLogin: direct ? (read.data === undefined ? undefined : read.data !== null) : check.data?.isLogin && read.data !== null,
    member: read.data ?? undefined,
    error: (check.error ?? read.error) as Error | undefined,
    isLoading: check.isLoading || read.isLoading,
  };
}

/**
 * Starts the member read of a screen that reads the member anyway (shared/screens.ts) as the
 * page loads, alongside the screen's chunk and texts, rather than once the screen is drawn.
 */
export function readMemberAhead(page: string): void {
  if (MEMBER_READING_SEGMENTS.has(page)) readAhead(MEMBER_PATH, readMember);
}

/** The user info a reply carried: shown at once, no read again. */
export function showMember(member: BrowserMember): void {
  setSharedRead(MEMBER_PATH, member);
}

/**
 * The user info changed on the server: the screens showing it read it again, showing the
 * current one meanwhile (resolved when they have it).
 */
export function refreshMember(): Promise<void> {
  return rereadSharedRead(MEMBER_PATH);
}

/**
 * The one step after anything that signs the browser in or out without a page load (password,
 * code, social, referer ticket, activation, passkey, a reset): the session answers held so far
 * predate it, and the next screen's guards would act on them, e.g. send a member who was just
 * signed in from choosing-preferring to login. IsLogin is read afresh before this resolves; the
 * user info is read again only for a signed-in browser (asking a signed-out one would open the
 * session-ended dialog).
 */
export async function refreshSessionState(): Promise<void> {
  const state = await fetchData<LoginState>(IS_LOGIN_PATH).catch(() => undefined);
  if (!state) {
    await Promise.all([forgetSharedRead(IS_LOGIN_PATH), forgetSharedRead(MEMBER_PATH)]).catch(() => undefined);
    return;
  }
  setSharedRead(IS_LOGIN_PATH, state);
  // Whoever signed in, the user info held so far is not theirs.
  if (state.isLogin) await forgetSharedRead(MEMBER_PATH).catch(() => undefined);
  else setSharedRead<BrowserMember | null>(MEMBER_PATH, null);
}

/** Signed out: no read needed to know it. */
export function showSignedOut(): void {
  setSharedRead<LoginState>(IS_LOGIN_PATH, { isLogin: false });
  setSharedRead<BrowserMember | null>(MEMBER_PATH, null);
}

export function updateProfile(update: PortalBody<typeof profilePortal.update>) {
  return portalRequest<typeof profilePortal.update>('PUT', '/api/member', { body: update });
}

/** The subscription radio: saved at once (spec section 2, Subscription). */
export function updateSubscription(userId: string, isSubscribe: boolean) {
  return portalRequest<Account['updateSubscribe']>('PUT', '/api/Member/UpdateMemberSubscribe', { body: { userId, isSubscribe } });
}

/** Pending deletion: the reply's member carries the permanent deletion date. */
export function requestDeletion() {
  return portalRequest<Account['delete']>('DELETE', '/api/member', {});
}

export function restoreAccount() {
  return portalRequest<Account['applyRestoreTag']>('POST', '/api/Member/ApplyRestoreTag', {});
}

export const EXPORT_PROFILE_PATH: Account['exportProfile']['url'] = '/api/Member/ExportProfile';

/** Profile.csv as the portal sends it (byte-order mark included); ApiError when there is no file. */
export async function downloadProfile(): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(EXPORT_PROFILE_PATH, { credentials: 'same-origin', headers: { 'X-Requested-With': 'XMLHttpRequest' } });
  } catch {
    throw new ApiError('network', 0);
  }
  if (response.status === 401) {
    releaseBody(response);
    emitApiEvent('signedOut', {});
    throw new ApiError('unauthorized', 401);
  }
  if (response.status === 403) {
    const code = ((await response.json().catch(() => ({}))) as { code?: string }).code;
    if (code === 'RecentSignInRequired') {
      // The shell asks for a fresh sign-in, as for every such step; nothing else to report.
      emitApiEvent('recentSignInRequired', {});
      throw new ApiError('unauthorized', 403, code);
    }
  }
  if (!response.ok || !(response.headers.get('content-type') ?? '').startsWith('text/csv')) {
    releaseBody(response);
    throw new ApiError('rejected', response.status);
  }
  return response.blob();
}

export interface SiteToGoBackTo {
  url: string;
  /** The company site's name as members know it ("Shop"), or its host; null for a page of the portal. */
  site: string | null;
}

/**
 * The callback URL when the portal's allow-list accepts it, with the site's name, for "to
 * continue to Shop" and "Back to Shop"; null otherwise, undefined while asked.
 */
export function useBackToSite(callbackUrl: string): SiteToGoBackTo | null | undefined {
  const key = callbackUrl ? `/api/Member/BackToSite?callbackUrl=${encodeURIComponent(callbackUrl)}` : null;
  const { data } = useSharedRead(key, fetchData<PortalData<Account['backToSite']>>);
  if (!callbackUrl) return null;
  if (!data) return undefined;
  return data.url ? { url: data.url, site: data.site } : null;
}
