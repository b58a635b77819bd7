import { Type } from '@sinclair/typebox';
import { LoginRequestSchema, LogoutQuerySchema } from '../schemas/auth.ts';
import { EncodedPassword } from './common.ts';
import { replies, route } from './route.ts';
import { SignedInDataSchema, withSignedInFrom } from './sign-in.ts';

const UpstreamLoginSchema = withSignedInFrom(
  Type.Object({
    ...Type.Omit(LoginRequestSchema, ['password']).properties,
    password: EncodedPassword,
  }),
);

export const IsLoginSchema = Type.Object({ isLogin: Type.Boolean() });

/** Sign-in with a password, sign-out and the login check. */
export const authContract = {
  login: route('POST', '/api/Member/Login', { body: UpstreamLoginSchema, response: replies(SignedInDataSchema) }),
  logout: route('GET', '/api/Member/Logout', { querystring: LogoutQuerySchema, response: replies() }),
  isLogin: route('GET', '/api/Member/IsLogin', { response: replies(IsLoginSchema) }),
};
