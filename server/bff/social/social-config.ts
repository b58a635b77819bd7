import { SocialType } from '../../../shared/enums.ts';

/** One OAuth provider: the app's credentials and the provider's endpoints. */
export interface SocialProviderConfig {
  clientId: string;
  clientSecret: string;
  authorizationUrl: string;
  /** Google and LinkedIn: token and OpenID userinfo endpoints. Facebook: the Graph API's token exchange and /me. */
  tokenUrl: string;
  userinfoUrl: string;
  /** Facebook only: where the Graph API tells which app a token was issued to. */
  debugTokenUrl?: string;
}

/** Providers that are configured (client id and secret set); the others' buttons are not shown. */
export interface SocialConfig {
  google?: SocialProviderConfig;
  facebook?: SocialProviderConfig;
  linkedin?: SocialProviderConfig;
}

const DEFAULTS = {
  GOOGLE_AUTHORIZATION_URL: 'https://accounts.google.com/o/oauth2/v2/auth',
  GOOGLE_TOKEN_URL: 'https://oauth2.googleapis.com/token',
  GOOGLE_USERINFO_URL: 'https://openidconnect.googleapis.com/v1/userinfo',
  FACEBOOK_AUTHORIZATION_URL: 'https://www.facebook.com/v19.0/dialog/oauth',
  FACEBOOK_GRAPH_URL: 'https://graph.facebook.com/v19.0',
  LINKEDIN_AUTHORIZATION_URL: 'https://www.linkedin.com/oauth/v2/authorization',
  LINKEDIN_TOKEN_URL: 'https://www.linkedin.com/oauth/v2/accessToken',
  LINKEDIN_USERINFO_URL: 'https://api.linkedin.com/v2/userinfo',
} as const;

const CREDENTIAL = /^[A-Za-z0-9_.|-]{1,300}$/;

function read(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

function url(env: NodeJS.ProcessEnv, name: keyof typeof DEFAULTS): string {
  const value = read(env, name) ?? DEFAULTS[name];
  if (!/^https?:\/\/[^\s?#]+$/.test(value)) throw new Error(`Invalid ${name}: '${value}' is not an http(s) URL without query`);
  return value.replace(/\/+$/, '');
}

function credentials(env: NodeJS.ProcessEnv, idName: string, secretName: string): { clientId: string; clientSecret: string } | undefined {
  const clientId = read(env, idName);
  const clientSecret = read(env, secretName);
  if (clientId === undefined && clientSecret === undefined) return undefined;
  if (clientId === undefined) throw new Error(`Invalid ${idName}: must be set together with ${secretName}`);
  if (clientSecret === undefined) throw new Error(`Invalid ${secretName}: must be set together with ${idName}`);
  if (!CREDENTIAL.test(clientId)) throw new Error(`Invalid ${idName}: unexpected characters`);
  if (!CREDENTIAL.test(clientSecret)) throw new Error(`Invalid ${secretName}: unexpected characters`);
  return { clientId, clientSecret };
}

export function loadSocialConfig(env: NodeJS.ProcessEnv = process.env): SocialConfig {
  const google = credentials(env, 'GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET');
  const facebook = credentials(env, 'FACEBOOK_APP_ID', 'FACEBOOK_APP_SECRET');
  const linkedin = credentials(env, 'LINKEDIN_CLIENT_ID', 'LINKEDIN_CLIENT_SECRET');
  const graph = url(env, 'FACEBOOK_GRAPH_URL');
  return {
    ...(google && {
      google: {
        ...google,
        authorizationUrl: url(env, 'GOOGLE_AUTHORIZATION_URL'),
        tokenUrl: url(env, 'GOOGLE_TOKEN_URL'),
        userinfoUrl: url(env, 'GOOGLE_USERINFO_URL'),
      },
    }),
    ...(facebook && {
      facebook: {
        ...facebook,
        authorizationUrl: url(env, 'FACEBOOK_AUTHORIZATION_URL'),
        tokenUrl: `${graph}/oauth/access_token`,
        userinfoUrl: `${graph}/me`,
        debugTokenUrl: `${graph}/debug_token`,
      },
    }),
    ...(linkedin && {
      linkedin: {
        ...linkedin,
        authorizationUrl: url(env, 'LINKEDIN_AUTHORIZATION_URL'),
        tokenUrl: url(env, 'LINKEDIN_TOKEN_URL'),
        userinfoUrl: url(env, 'LINKEDIN_USERINFO_URL'),
      },
    }),
  };
}

/** The configured providers' social types (spec section 3: google 1, facebook 2, linkedin 3). */
export function configuredSocialTypes(config: SocialConfig): number[] {
  return [
    ...(config.google ? [SocialType.Google] : []),
    ...(config.facebook ? [SocialType.Facebook] : []),
    ...(config.linkedin ? [SocialType.LinkedIn] : []),
  ];
}
