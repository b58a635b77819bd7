import { Type, type Static } from '@sinclair/typebox';
import { LOGIN_ID_MAX_LENGTH, LOGIN_PASSWORD_MAX_LENGTH } from '../limits.ts';

const returnUrl = Type.Optional(Type.String({ maxLength: 2048 }));
const pass = Type.Optional(Type.String({ maxLength: 50 }));

/**
 * POST /api/Member/Login as the browser sends it to the BFF. The BFF encodes `password`
 * for the upstream; the browser never sees the encoding key.
 */
export const LoginRequestSchema = Type.Object({
  userId: Type.String({ minLength: 1, maxLength: LOGIN_ID_MAX_LENGTH }),
  password: Type.String({ minLength: 1, maxLength: LOGIN_PASSWORD_MAX_LENGTH }),
  returnUrl,
  pass,
});
export type LoginRequest = Static<typeof LoginRequestSchema>;

/** data of the login reply (spec section 3, 'Login result'). */
export const LoginResultDataSchema = Type.Object({
  redirectUrl: Type.Optional(Type.String()),
  userId: Type.Optional(Type.String()),
  tempId: Type.Optional(Type.String()),
  showSendCode: Type.Optional(Type.Boolean()),
  /** Seconds left of a lock (AccountLock) or a send window. */
  remainingSeconds: Type.Optional(Type.Integer()),
});
export type LoginResultData = Static<typeof LoginResultDataSchema>;

export const LogoutQuerySchema = Type.Object({
  logoutId: Type.Optional(Type.String({ maxLength: 2048 })),
  pass,
  callbackUrl: Type.Optional(Type.String({ maxLength: 2048 })),
});

export const IsLoginDataSchema = Type.Object({ isLogin: Type.Boolean() });
