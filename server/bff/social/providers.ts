import { SocialType } from '../../../shared/enums.ts';
import { withoutInvisible } from '../../../shared/rules/text.ts';
import { ProviderError, providerJson, stringField } from './provider-http.ts';
import type { SocialConfig, SocialProviderConfig } from './social-config.ts';

export type SocialTypeValue = typeof SocialType.Google | typeof SocialType.Facebook | typeof SocialType.LinkedIn;

/** A provider account the BFF itself confirmed with the provider. */
export interface VerifiedIdentity {
  socialType: SocialTypeValue;
  socialId: string;
  socialEmail: string;
  /**
   * Whether the provider vouches that `socialEmail` belongs to this account: Google and LinkedIn
   * say so with `email_verified: true`; Facebook never does. Only a vouched-for address may be
   * taken as the member's (kept on a link through a mailbox proof, matched to an account).
   */
  emailVerified: boolean;
  socialName: string;
}

/**
 * What the member service is told of an identity: the provider's address only when the provider
 * vouches for it. An address anyone can type into his provider profile (an attacker's Google
 * account claiming the victim's address, unverified) must never let that account keep its link
 * when the real owner proves the mailbox (store/mailbox-proof.ts in the member service).
 */
export function upstreamIdentity(identity: VerifiedIdentity) {
  return {
    socialType: identity.socialType,
    socialId: identity.socialId,
    socialEmail: identity.emailVerified ? identity.socialEmail : '',
    socialName: identity.socialName,
  };
}

const SCOPES: Record<SocialTypeValue, string> = {
  [SocialType.Google]: 'openid email profile',
  [SocialType.Facebook]: 'email,public_profile',
  [SocialType.LinkedIn]: 'openid profile email',
};

export function providerConfig(config: SocialConfig, socialType: SocialTypeValue): SocialProviderConfig | undefined {
  if (socialType === SocialType.Google) return config.google;
  if (socialType === SocialType.Facebook) return config.facebook;
  return config.linkedin;
}

/** Where the browser goes to sign in with the provider (authorization code flow). */
export function authorizationUrl(provider: SocialProviderConfig, socialType: SocialTypeValue, state: string, redirectUri: string): string {
  const url = new URL(provider.authorizationUrl);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: provider.clientId,
    redirect_uri: redirectUri,
    scope: SCOPES[socialType],
    state,
  }).toString();
  return url.href;
}

/** Google and LinkedIn: code → access token (with the client secret) → OpenID userinfo. */
async function verifyOpenId(
  provider: SocialProviderConfig,
  socialType: SocialTypeValue,
  code: string,
  redirectUri: string,
  timeoutMs: number,
) {
  const token = await providerJson(provider.tokenUrl, {
    form: {
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: provider.clientId,
      client_secret: provider.clientSecret,
    },
    timeoutMs,
  });
  const accessToken = stringField(token.access_token);
  if (!accessToken) throw new ProviderError('no access token');
  const info = await providerJson(provider.userinfoUrl, { bearer: accessToken, timeoutMs });
  return {
    socialType,
    socialId: stringField(info.sub),
    socialEmail: stringField(info.email),
    // Only the boolean true counts: a missing claim or the string "true" is no promise.
    emailVerified: info.email_verified === true,
    socialName: stringField(info.name),
  };
}

/** Facebook: code → access token, then the Graph API confirms the token is our app's and for the same user as /me. */
async function verifyFacebook(provider: SocialProviderConfig, code: string, redirectUri: string, timeoutMs: number) {
  const exchange = new URL(provider.tokenUrl);
  exchange.search = new URLSearchParams({
    client_id: provider.clientId,
    client_secret: provider.clientSecret,
    redirect_uri: redirectUri,
    code,
  }).toString();
  const accessToken = stringField((await providerJson(exchange.href, { timeoutMs })).access_token);
  if (!accessToken) throw new ProviderError('no access token');

  const debug = new URL(provider.debugTokenUrl ?? '');
  debug.search = new URLSearchParams({
    input_token: accessToken,
    access_token: `${provider.clientId}|${provider.clientSecret}`,
  }).toString();
  const data = (await providerJson(debug.href, { timeoutMs })).data as Record<string, unknown> | undefined;
  if (data?.is_valid !== true || String(data.app_id) !== provider.clientId) throw new ProviderError('token not issued to this app');

  const me = new URL(provider.userinfoUrl);
  me.search = new URLSearchParams({ fields: 'id,name,email', access_token: accessToken }).toString();
  const info = await providerJson(me.href, { timeoutMs });
  const socialId = stringField(info.id);
  if (socialId === undefined || String(data.user_id) !== socialId) throw new ProviderError('token and profile disagree');
  // Facebook does not say whether it checked the address: it is shown, never trusted.
  return {
    socialType: SocialType.Facebook,
    socialId,
    socialEmail: stringField(info.email),
    emailVerified: false,
    socialName: stringField(info.name),
  };
}

/** Turns an authorization code into the verified identity, or throws ProviderError. */
export async function verifyAuthorizationCode(
  provider: SocialProviderConfig,
  socialType: SocialTypeValue,
  code: string,
  redirectUri: string,
  timeoutMs: number,
): Promise<VerifiedIdentity> {
  const found =
    socialType === SocialType.Facebook
      ? await verifyFacebook(provider, code, redirectUri, timeoutMs)
      : await verifyOpenId(provider, socialType, code, redirectUri, timeoutMs);
  if (!found.socialId || found.socialId.length > 200) throw new ProviderError('no usable account id');
  return {
    socialType,
    socialId: found.socialId,
    socialEmail: (found.socialEmail ?? '').slice(0, 100),
    emailVerified: found.emailVerified,
    // The provider's display name is shown and exported: keep only what free text allows.
    socialName: withoutInvisible((found.socialName ?? '').slice(0, 200)),
  };
}
