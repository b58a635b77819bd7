import useSWR from 'swr';
import type { BrowserMember, ProfileUpdate } from '../../shared/schemas/member.ts';
import { openLogoutModal } from '../state/logout-modal.ts';
import { openSignInAgainModal } from '../state/sign-in-again-modal.ts';
import { ApiError, fetchData, request } from './http.ts';

export const IS_LOGIN_PATH = '/api/Member/IsLogin';
export const MEMBER_PATH = '/api/Member';

/** Whether the browser's session is signed in; undefined while unknown. */
function useIsLogin() {
  const { data, error, isLoading, mutate } = useSWR<{ isLogin: boolean }>(IS_LOGIN_PATH, fetchData);
  return { isLogin: data?.isLogin, error: error as Error | undefined, isLoading, mutate };
}

/** The signed-in member's user info; fetched only once the session is known to be signed in. */
export function useMember() {
  const { isLogin, error: loginError, isLoading: loginLoading } = useIsLogin();
  const { data, error, isLoading, mutate } = useSWR<BrowserMember>(isLogin ? MEMBER_PATH : null, fetchData);
  return {
    isLogin,
    member: data,
    error: (loginError ?? error) as Error | undefined,
    isLoading: loginLoading || isLoading,
    mutate,
  };
}

export function updateProfile(update: ProfileUpdate) {
  return request('/api/member', { method: 'PUT', body: update });
}

/** The subscription radio: saved at once (spec section 2, Subscription). */
export function updateSubscription(userId: string, isSubscribe: boolean) {
  return request<BrowserMember>('/api/Member/UpdateMemberSubscribe', { method: 'PUT', body: { userId, isSubscribe } });
}

/** Pending deletion: the reply's member carries the permanent deletion date. */
export function requestDeletion() {
  return request<BrowserMember>('/api/member', { method: 'DELETE' });
}

export function restoreAccount() {
  return request<BrowserMember>('/api/Member/ApplyRestoreTag', { method: 'POST' });
}

export const EXPORT_PROFILE_PATH = '/api/Member/ExportProfile';

/** Profile.csv as the portal sends it (byte-order mark included); ApiError when there is no file. */
export async function downloadProfile(): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(EXPORT_PROFILE_PATH, { credentials: 'same-origin', headers: { 'X-Requested-With': 'XMLHttpRequest' } });
  } catch {
    throw new ApiError('network', 0);
  }
  if (response.status === 401) {
    openLogoutModal();
    throw new ApiError('unauthorized', 401);
  }
  if (response.status === 403) {
    const code = ((await response.json().catch(() => ({}))) as { code?: string }).code;
    if (code === 'RecentSignInRequired') {
      // The dialog asks for a fresh sign-in, as for every such step; nothing else to report.
      openSignInAgainModal();
      throw new ApiError('unauthorized', 403, code);
    }
  }
  if (!response.ok || !(response.headers.get('content-type') ?? '').startsWith('text/csv')) throw new ApiError('rejected', response.status);
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
  const { data } = useSWR<{ url: string | null; site: string | null }>(key, fetchData);
  if (!callbackUrl) return null;
  if (!data) return undefined;
  return data.url ? { url: data.url, site: data.site } : null;
}
