import { Type, type Static } from '@sinclair/typebox';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH } from '../limits.ts';
import { CaptchaVerifySchema } from './register.ts';

/**
 * Password calls as the browser sends them to the BFF (spec section 7). Passwords may be empty
 * here so that the rules of shared/rules/password.ts name what is missing.
 */
const password = Type.String({ maxLength: PASSWORD_MAX_LENGTH });
const lang = Type.Optional(Type.String({ maxLength: 10 }));
/** An e-mail address or the opaque public id of a mailed link. */
const userId = Type.String({ minLength: 1, maxLength: 200 });
const linkToken = Type.String({ minLength: 1, maxLength: 200 });

export const ForgotPwdRequestSchema = Type.Object({
  userId: Type.String({ maxLength: EMAIL_MAX_LENGTH }),
  returnUrl: Type.Optional(Type.String({ maxLength: 2048 })),
  captchaVerify: Type.Optional(CaptchaVerifySchema),
  lang,
});
export type ForgotPwdRequest = Static<typeof ForgotPwdRequestSchema>;

/** Another reset mail from the reset-password notice or the expired-link page. */
export const ResendResetPwdMailRequestSchema = Type.Object({ userId, lang, captchaVerify: Type.Optional(CaptchaVerifySchema) });

export const ResetTokenParamsSchema = Type.Object({ token: linkToken });
export const ResetTokenQuerySchema = Type.Object({ userId: Type.Optional(userId) });

export const ResetPwdUnAuthRequestSchema = Type.Object({
  userId,
  token: linkToken,
  password,
  confirmPassword: Type.Optional(password),
  lang,
});
export type ResetPwdUnAuthRequest = Static<typeof ResetPwdUnAuthRequestSchema>;

export const ResetPwdRequestSchema = Type.Object({
  currentPassword: password,
  newPassword: password,
  confirmPassword: Type.Optional(password),
  /** Where a member whose change was forced was going: the site gets its ticket after the change. */
  returnUrl: Type.Optional(Type.String({ maxLength: 2048 })),
  lang,
});
export type ResetPwdRequest = Static<typeof ResetPwdRequestSchema>;

export const ValidatePwdRequestSchema = Type.Object({ password });
export const ValidatePwdUnAuthRequestSchema = Type.Object({ userId, token: linkToken, password });

/** userId is needed when the browser is not signed in (after a OneYearNotUpdatePwd sign-in). */
export const ResendOneYearNotUpdatePwdMailRequestSchema = Type.Object({ userId: Type.Optional(userId), lang });

/** notice-password-unchanged: memberId is the link's seq, tempId its one-time token. */
export const UpdateMemberPwdDateRequestSchema = Type.Object({ memberId: userId, tempId: linkToken });

/** data of a successful ResetPwdUnAuth as the browser sees it. */
export interface ResetPwdUnAuthData {
  redirectUrl?: string;
  userId?: string;
}
