import {
  ForgotPwdRequestSchema,
  ResendOneYearNotUpdatePwdMailRequestSchema,
  ResendResetPwdMailRequestSchema,
  ResetPwdRequestSchema,
  ResetPwdUnAuthRequestSchema,
  ResetTokenParamsSchema,
  ResetTokenQuerySchema,
  UpdateMemberPwdDateRequestSchema,
  ValidatePwdRequestSchema,
  ValidatePwdUnAuthRequestSchema,
} from '../../schemas/password.ts';
import { replySchemas } from '../../schemas/reply.ts';
import {
  EmployeeResetSchema,
  KeptPasswordSchema,
  LinkPasswordChangedSchema,
  LockedSchema,
  ResetLinkReasonSchema,
  SignInResultSchema,
} from '../portal-replies.ts';
import { portalRoute } from '../route.ts';

const member = { member: true };

/** The password life cycle on the spec's paths (section 7). */
export const passwordPortal = {
  forgotPwd: portalRoute('POST', '/api/Member/ForgotPwd', { body: ForgotPwdRequestSchema, response: replySchemas(EmployeeResetSchema) }),
  resendResetPwdMail: portalRoute('POST', '/api/Member/ResendResetPwdMail', {
    body: ResendResetPwdMailRequestSchema,
    response: replySchemas(),
  }),
  checkResetPwdToken: portalRoute('GET', '/api/Member/CheckResetPwdTokenIsExpired/:token', {
    params: ResetTokenParamsSchema,
    querystring: ResetTokenQuerySchema,
    response: replySchemas(ResetLinkReasonSchema),
  }),
  validatePwdUnAuth: portalRoute('POST', '/api/Member/ValidatePwdUnAuth', {
    body: ValidatePwdUnAuthRequestSchema,
    response: replySchemas(LockedSchema),
  }),
  validatePwd: portalRoute(
    'POST',
    '/api/Member/ValidatePwd',
    { body: ValidatePwdRequestSchema, response: replySchemas(LockedSchema) },
    member,
  ),
  resetPwdUnAuth: portalRoute('POST', '/api/Member/ResetPwdUnAuth', {
    body: ResetPwdUnAuthRequestSchema,
    response: replySchemas(LinkPasswordChangedSchema),
  }),
  resetPwd: portalRoute(
    'POST',
    '/api/Member/ResetPwd',
    { body: ResetPwdRequestSchema, response: replySchemas(SignInResultSchema) },
    member,
  ),
  resendOneYearNotUpdatePwdMail: portalRoute('POST', '/api/Member/ResendOneYearNotUpdatePwdMail', {
    body: ResendOneYearNotUpdatePwdMailRequestSchema,
    response: replySchemas(),
  }),
  updateMemberPwdDate: portalRoute('PUT', '/api/Member/UpdateMemberPwdDate', {
    body: UpdateMemberPwdDateRequestSchema,
    response: replySchemas(KeptPasswordSchema),
  }),
};
