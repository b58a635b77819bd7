import { replySchemas } from '../../schemas/reply.ts';
import {
  SocialAuthorizeRequestSchema,
  SocialConnectRequestSchema,
  SocialLoginRequestSchema,
  SocialVerifyRequestSchema,
} from '../../schemas/social.ts';
import { SocialAuthorizeSchema, SocialSignInSchema, SocialSignUpSchema, SocialVerifiedSchema } from '../portal-replies.ts';
import { portalRoute } from '../route.ts';

const socialLogin = (url: string) =>
  portalRoute('POST', url, { body: SocialLoginRequestSchema, response: replySchemas(SocialSignInSchema) });
const socialVerify = (url: string) =>
  portalRoute('POST', url, { body: SocialVerifyRequestSchema, response: replySchemas(SocialVerifiedSchema) });

/** Sign-in, sign-up and connect with Google, Facebook and LinkedIn (authorization-code flow). */
export const socialPortal = {
  /** A connect needs a signed-in member (401 without one). */
  authorize: portalRoute(
    'POST',
    '/api/Member/SocialAuthorize',
    { body: SocialAuthorizeRequestSchema, response: replySchemas(SocialAuthorizeSchema) },
    { also: [401] },
  ),
  googleLogin: socialLogin('/api/Member/GoogleLogin'),
  fbLogin: socialLogin('/api/Member/FbLogin'),
  linkedinLogin: socialLogin('/api/Member/LinkedinLogin'),
  linkedinVerify: socialVerify('/api/Member/LinkedinVerify'),
  verify: socialVerify('/api/Member/SocialVerify'),
  signUp: portalRoute('GET', '/api/Member/SocialSignUp', { response: replySchemas(SocialSignUpSchema) }),
  connect: portalRoute(
    'POST',
    '/api/Member/SocialConnect',
    { body: SocialConnectRequestSchema, response: replySchemas() },
    { member: true },
  ),
};
