import { Type, type Static } from '@sinclair/typebox';
import { LOGIN_ID_MAX_LENGTH, OTP_CODE_MAX_LENGTH, PASSWORD_MAX_LENGTH } from '../limits.ts';

const returnUrl = Type.Optional(Type.String({ maxLength: 2048 }));
const pass = Type.Optional(Type.String({ maxLength: 50 }));

/**
 * POST /api/Member/Login as the browser sends it to the BFF. The BFF encodes `password`
 * for the upstream; the browser never sees the encoding key.
 */
export const LoginRequestSchema = Type.Object({
  userId: Type.String({ minLength: 1, maxLength: LOGIN_ID_MAX_LENGTH }),
  password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH }),
  returnUrl,
  pass,
});
export type LoginRequest = Static<typeof LoginRequestSchema>;

/** data of the login reply (spec section 3, 'Login result'). */
export const LoginResultDataSchema = Type.Object({
  redirectUrl: Type.Optional(Type.String()),
  userId: Type.Optional(Type.String()),
  /** The member's public id, appended as `id` to the redirect URL with `tempid`. */
  id: Type.Optional(Type.String()),
  /** One-time single sign-on ticket for the redirect URL's site (CheckGoToProfile). */
  tempId: Type.Optional(Type.String()),
  showSendCode: Type.Optional(Type.Boolean()),
  /** Seconds left of a lock (AccountLock) or a send window. */
  remainingSeconds: Type.Optional(Type.Integer()),
  /** Phone delivery of a code: the last three digits of the number it went to. */
  lastThreeDigits: Type.Optional(Type.String()),
});
export type LoginResultData = Static<typeof LoginResultDataSchema>;

export const LogoutQuerySchema = Type.Object({
  logoutId: Type.Optional(Type.String({ maxLength: 2048 })),
  pass,
  callbackUrl: Type.Optional(Type.String({ maxLength: 2048 })),
  /** The language of the login page it falls back to. */
  lang: Type.Optional(Type.String({ maxLength: 10 })),
});

const otpVerifyType = Type.Union([Type.Literal(1), Type.Literal(2)]);

/** POST /api/Member/SendOtpCode: a one-time sign-in code by e-mail (1) or to the mobile phone (2). */
export const SendOtpCodeRequestSchema = Type.Object({
  userId: Type.String({ minLength: 1, maxLength: LOGIN_ID_MAX_LENGTH }),
  otpVerifyType,
  lang: Type.Optional(Type.String({ maxLength: 10 })),
});
export type SendOtpCodeRequest = Static<typeof SendOtpCodeRequestSchema>;

/** POST /api/Member/otpVerify: signs in with the code. */
export const OtpVerifyRequestSchema = Type.Object({
  userId: Type.String({ minLength: 1, maxLength: LOGIN_ID_MAX_LENGTH }),
  code: Type.String({ minLength: 1, maxLength: OTP_CODE_MAX_LENGTH }),
  otpVerifyType: Type.Optional(otpVerifyType),
  returnUrl,
  pass,
});
export type OtpVerifyRequest = Static<typeof OtpVerifyRequestSchema>;

const ticket = Type.String({ minLength: 1, maxLength: 200 });

/** POST /api/Member/CheckGoToProfile: a company site redeems the sign-in ticket it received. */
export const CheckGoToProfileRequestSchema = Type.Object({
  memberId: Type.String({ minLength: 1, maxLength: 200 }),
  userId: Type.Optional(Type.String({ maxLength: 200 })),
  tempId: ticket,
});
export type CheckGoToProfileRequest = Static<typeof CheckGoToProfileRequestSchema>;

/** POST /api/Member/RefererLogin: the referer screen signs in with a ticket a company site handed on. */
export const RefererLoginRequestSchema = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 200 }),
  tempId: ticket,
});
export type RefererLoginRequest = Static<typeof RefererLoginRequestSchema>;
