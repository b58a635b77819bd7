import useSWR from 'swr';
import type { Member, ProfileUpdate } from '../../shared/schemas/member.ts';
import { fetchData, request } from './http.ts';

export const IS_LOGIN_PATH = '/api/Member/IsLogin';
export const MEMBER_PATH = '/api/Member';

/** Whether the browser's session is signed in; undefined while unknown. */
export function useIsLogin() {
  const { data, error, isLoading, mutate } = useSWR<{ isLogin: boolean }>(IS_LOGIN_PATH, fetchData, {
    revalidateOnFocus: false,
  });
  return { isLogin: data?.isLogin, error: error as Error | undefined, isLoading, mutate };
}

/** The signed-in member's user info; fetched only once the session is known to be signed in. */
export function useMember() {
  const { isLogin, error: loginError, isLoading: loginLoading } = useIsLogin();
  const { data, error, isLoading, mutate } = useSWR<Member>(isLogin ? MEMBER_PATH : null, fetchData, {
    revalidateOnFocus: false,
  });
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
