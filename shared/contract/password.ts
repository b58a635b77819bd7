import { Type } from '@sinclair/typebox';
import {
  ResendOneYearNotUpdatePwdMailRequestSchema,
  ResendResetPwdMailRequestSchema,
  ResetTokenParamsSchema,
  ResetTokenQuerySchema,
  UpdateMemberPwdDateRequestSchema,
} from '../schemas/password.ts';
import { AccountId, EncodedPassword, Lang, LinkToken } from './common.ts';
import { replies, route } from './route.ts';

const ForgotPwdSchema = Type.Object({
  userId: Type.String({ maxLength: 200 }),
  returnUrl: Type.Optional(Type.String({ maxLength: 2048 })),
  lang: Lang,
});
const ResetPwdUnAuthSchema = Type.Object({ userId: AccountId, token: LinkToken, password: EncodedPassword, lang: Lang });
const ValidatePwdUnAuthSchema = Type.Object({ userId: AccountId, token: LinkToken, password: EncodedPassword });
/** returnUrl: the allow-listed site a member whose change was forced goes back to, with a ticket. */
const ResetPwdSchema = Type.Object({
  currentPassword: EncodedPassword,
  newPassword: EncodedPassword,
  returnUrl: Type.Optional(Type.String({ maxLength: 2048 })),
  lang: Lang,
});
const ValidatePwdSchema = Type.Object({ password: EncodedPassword });

const ResetLinkSchema = Type.Object({
  /** Why the link was mailed: 'reset' or the annual reminder. */
  reason: Type.String(),
  /** The account the link leads to. */
  userId: Type.String(),
});

const PasswordChangedSchema = Type.Object({
  memberId: Type.Integer(),
  userId: Type.Optional(Type.String()),
  redirectUrl: Type.Optional(Type.String()),
  /** After a forced change on the way to a company site: its public id and ticket, as a sign-in gives. */
  id: Type.Optional(Type.String()),
  tempId: Type.Optional(Type.String()),
});

/** The password life cycle: forgot, reset link, change, annual reminder, keep the old password. */
export const passwordContract = {
  forgotPwd: route('POST', '/api/Member/ForgotPwd', { body: ForgotPwdSchema, response: replies() }),
  resendResetPwdMail: route('POST', '/api/Member/ResendResetPwdMail', { body: ResendResetPwdMailRequestSchema, response: replies() }),
  checkResetPwdToken: route('GET', '/api/Member/CheckResetPwdTokenIsExpired/:token', {
    params: ResetTokenParamsSchema,
    querystring: ResetTokenQuerySchema,
    response: replies(ResetLinkSchema),
  }),
  validatePwdUnAuth: route('POST', '/api/Member/ValidatePwdUnAuth', { body: ValidatePwdUnAuthSchema, response: replies() }),
  resetPwdUnAuth: route('POST', '/api/Member/ResetPwdUnAuth', { body: ResetPwdUnAuthSchema, response: replies(PasswordChangedSchema) }),
  validatePwd: route('POST', '/api/Member/ValidatePwd', { body: ValidatePwdSchema, response: replies() }),
  resetPwd: route('POST', '/api/Member/ResetPwd', { body: ResetPwdSchema, response: replies(PasswordChangedSchema) }),
  resendOneYearNotUpdatePwdMail: route('POST', '/api/Member/ResendOneYearNotUpdatePwdMail', {
    body: ResendOneYearNotUpdatePwdMailRequestSchema,
    response: replies(),
  }),
  /** Keeps the old password one more year; the reply's data is where to continue. */
  updateMemberPwdDate: route('PUT', '/api/Member/UpdateMemberPwdDate', {
    body: UpdateMemberPwdDateRequestSchema,
    response: replies(Type.String()),
  }),
};
