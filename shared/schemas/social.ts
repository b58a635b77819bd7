import { Type, type Static } from '@sinclair/typebox';
import { SocialType } from '../enums.ts';
import { OptionalFreeText } from './free-text.ts';

/**
 * Browser payloads of social sign-in (spec section 7), in the redirect (authorization code)
 * form: the browser carries the provider's code and the state back, never an account id.
 */
export const ProviderSocialType = Type.Union([
  Type.Literal(SocialType.Google),
  Type.Literal(SocialType.Facebook),
  Type.Literal(SocialType.LinkedIn),
]);

export const SOCIAL_ORIGINS = ['login', 'register', 'connect'] as const;
export type SocialOrigin = (typeof SOCIAL_ORIGINS)[number];

/** POST /api/Member/SocialAuthorize: starts a round trip; the reply is the provider URL to go to. */
export const SocialAuthorizeRequestSchema = Type.Object({
  socialType: ProviderSocialType,
  origin: Type.Union(SOCIAL_ORIGINS.map((origin) => Type.Literal(origin))),
  lang: Type.Optional(Type.String({ maxLength: 10 })),
});
export type SocialAuthorizeRequest = Static<typeof SocialAuthorizeRequestSchema>;

const Code = Type.String({ minLength: 1, maxLength: 2048 });
const State = Type.String({ minLength: 1, maxLength: 200 });

/** POST /api/Member/GoogleLogin, FbLogin, LinkedinLogin. redirectUri is accepted and ignored: the BFF uses the one it sent. */
export const SocialLoginRequestSchema = Type.Object({
  code: Code,
  state: State,
  redirectUri: Type.Optional(Type.String({ maxLength: 2048 })),
  returnUrl: Type.Optional(Type.String({ maxLength: 2048 })),
  pass: Type.Optional(Type.String({ maxLength: 50 })),
});
export type SocialLoginRequest = Static<typeof SocialLoginRequestSchema>;

/** POST /api/Member/LinkedinVerify and SocialVerify (any provider): verify for a sign-up or a connect. */
export const SocialVerifyRequestSchema = Type.Object({
  code: Code,
  state: State,
  redirectUri: Type.Optional(Type.String({ maxLength: 2048 })),
  returnUrl: Type.Optional(Type.String({ maxLength: 2048 })),
});
export type SocialVerifyRequest = Static<typeof SocialVerifyRequestSchema>;

/** The social user info shown to the member (name and e-mail of the provider account). */
export interface SocialProfile {
  socialType: number;
  socialId: string;
  socialEmail: string;
  socialName: string;
}

/** POST /api/Member/SocialConnect. On connect the identity is the one this member just verified; ids in the body are not trusted. */
export const SocialConnectRequestSchema = Type.Object({
  socialType: ProviderSocialType,
  isConnect: Type.Boolean(),
  socialId: Type.Optional(Type.String({ maxLength: 200 })),
  socialEmail: Type.Optional(Type.String({ maxLength: 200 })),
  socialName: OptionalFreeText(200),
  registerDate: Type.Optional(Type.String({ maxLength: 40 })),
});
export type SocialConnectRequest = Static<typeof SocialConnectRequestSchema>;
