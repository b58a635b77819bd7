import { SocialType } from '../../../shared/enums.ts';
import type { Language } from '../../../shared/languages.ts';
import type { socialPortal } from '../../../shared/contract/portal/social.ts';
import type { SocialOrigin } from '../../../shared/schemas/social.ts';
import { portalRequest, type PortalBody } from '../../api/portal-request.ts';

type Routes = typeof socialPortal;
/** The three providers' sign-in routes: one request and reply each. */
export type SocialLoginRoute = Routes['googleLogin' | 'fbLogin' | 'linkedinLogin'];

/** A provider the portal can sign in with (not SocialType.None). */
export type ProviderType = PortalBody<Routes['authorize']>['socialType'];

/** What the social-login route needs after the provider sends the browser back (spec section 3: stored button origin, pass, callback URL). */
export interface PendingSocialSignIn {
  origin: SocialOrigin;
  socialType: ProviderType;
  pass: string;
  callbackUrl: string;
  queryString: string;
}

const PENDING_KEY = 'social-sign-in';

export type SocialName = 'google' | 'facebook' | 'linkedin';

export const SOCIAL_NAMES: Record<ProviderType, SocialName> = {
  [SocialType.Google]: 'google',
  [SocialType.Facebook]: 'facebook',
  [SocialType.LinkedIn]: 'linkedin',
};

/** A configured or stored social type the portal knows a provider for. */
export const isProviderType = (socialType: unknown): socialType is ProviderType =>
  typeof socialType === 'number' && Object.hasOwn(SOCIAL_NAMES, socialType);

export const SOCIAL_LOGIN_PATHS: Record<ProviderType, SocialLoginRoute['url']> = {
  [SocialType.Google]: '/api/Member/GoogleLogin',
  [SocialType.Facebook]: '/api/Member/FbLogin',
  [SocialType.LinkedIn]: '/api/Member/LinkedinLogin',
};

export function readPendingSocialSignIn(): PendingSocialSignIn | undefined {
  try {
    const value = JSON.parse(sessionStorage.getItem(PENDING_KEY) ?? 'null') as PendingSocialSignIn | null;
    return value && typeof value.origin === 'string' && isProviderType(value.socialType) ? value : undefined;
  } catch {
    return undefined;
  }
}

export function forgetPendingSocialSignIn(): void {
  sessionStorage.removeItem(PENDING_KEY);
}

/** Sends the browser to the provider; the portal keeps the state that brings it back. */
export const SOCIAL_AUTHORIZE_PATH: Routes['authorize']['url'] = '/api/Member/SocialAuthorize';

export async function startSocialSignIn(pending: PendingSocialSignIn, lang: Language): Promise<string> {
  const reply = await portalRequest<Routes['authorize']>('POST', SOCIAL_AUTHORIZE_PATH, {
    body: { socialType: pending.socialType, origin: pending.origin, lang },
  });
  if (!reply.isSuccess || !reply.data) return reply.code;
  sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
  window.location.assign(reply.data.authorizationUrl);
  return 'ok';
}
