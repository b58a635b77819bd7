import useSWR from 'swr';
import { SocialType } from '../../../shared/enums.ts';
import type { Language } from '../../../shared/languages.ts';
import type { SocialOrigin, SocialProfile } from '../../../shared/schemas/social.ts';
import { fetchData, request } from '../../api/http.ts';

/** What the social-login route needs after the provider sends the browser back (spec section 3: stored button origin, pass, callback URL). */
export interface PendingSocialSignIn {
  origin: SocialOrigin;
  socialType: number;
  pass: string;
  callbackUrl: string;
  queryString: string;
}

const PENDING_KEY = 'social-sign-in';

export type SocialName = 'google' | 'facebook' | 'linkedin';

export const SOCIAL_NAMES: Record<number, SocialName> = {
  [SocialType.Google]: 'google',
  [SocialType.Facebook]: 'facebook',
  [SocialType.LinkedIn]: 'linkedin',
};

export const SOCIAL_LOGIN_PATHS: Record<number, string> = {
  [SocialType.Google]: '/api/Member/GoogleLogin',
  [SocialType.Facebook]: '/api/Member/FbLogin',
  [SocialType.LinkedIn]: '/api/Member/LinkedinLogin',
};

export function readPendingSocialSignIn(): PendingSocialSignIn | undefined {
  try {
    const value = JSON.parse(sessionStorage.getItem(PENDING_KEY) ?? 'null') as PendingSocialSignIn | null;
    return value && typeof value.origin === 'string' && typeof value.socialType === 'number' ? value : undefined;
  } catch {
    return undefined;
  }
}

export function forgetPendingSocialSignIn(): void {
  sessionStorage.removeItem(PENDING_KEY);
}

/** Sends the browser to the provider; the portal keeps the state that brings it back. */
export const SOCIAL_AUTHORIZE_PATH = '/api/Member/SocialAuthorize';

export async function startSocialSignIn(pending: PendingSocialSignIn, lang: Language): Promise<string> {
  const reply = await request<{ authorizationUrl: string }>(SOCIAL_AUTHORIZE_PATH, {
    method: 'POST',
    body: { socialType: pending.socialType, origin: pending.origin, lang },
  });
  if (!reply.isSuccess || !reply.data) return reply.code;
  sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
  window.location.assign(reply.data.authorizationUrl);
  return 'ok';
}

const SOCIAL_SIGN_UP_PATH = '/api/Member/SocialSignUp';

/** The provider account a social sign-up registers with, null when there is none. */
export function useSocialSignUp(): Omit<SocialProfile, 'socialId'> | null | undefined {
  const { data } = useSWR<{ identity: Omit<SocialProfile, 'socialId'> | null }>(SOCIAL_SIGN_UP_PATH, fetchData);
  return data?.identity;
}
