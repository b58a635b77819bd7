import { Type } from '@sinclair/typebox';
import { EMAIL_MAX_LENGTH } from '../limits.ts';
import { OptionalFreeText } from '../schemas/free-text.ts';
import { ProviderSocialType } from '../schemas/social.ts';
import { replies, route } from './route.ts';
import { SignedInDataSchema, withSignedInFrom } from './sign-in.ts';

/** A social sign-in the portal verified with the provider itself; `id` is the provider's user id. */
const SocialLoginSchema = withSignedInFrom(
  Type.Object({
    id: Type.String({ minLength: 1, maxLength: 200 }),
    returnUrl: Type.Optional(Type.String({ maxLength: 2048 })),
    pass: Type.Optional(Type.String({ maxLength: 50 })),
  }),
);

const SocialConnectSchema = Type.Object({
  socialType: ProviderSocialType,
  socialId: Type.Optional(Type.String({ maxLength: 200 })),
  socialEmail: Type.Optional(Type.String({ maxLength: EMAIL_MAX_LENGTH })),
  socialName: OptionalFreeText(200),
  isConnect: Type.Boolean(),
  /** Where the portal saw a connect happen, recorded with its socialConnected event. */
  device: Type.Optional(Type.String({ maxLength: 120 })),
  ipPrefix: Type.Optional(Type.String({ maxLength: 60 })),
});

const socialLogin = (url: string) => route('POST', url, { body: SocialLoginSchema, response: replies(SignedInDataSchema) });

/** Social sign-in and connected accounts. */
export const socialContract = {
  googleLogin: socialLogin('/api/Member/GoogleLogin'),
  fbLogin: socialLogin('/api/Member/FbLogin'),
  linkedinLogin: socialLogin('/api/Member/LinkedinLogin'),
  connect: route('POST', '/api/Member/SocialConnect', { body: SocialConnectSchema, response: replies() }),
};
