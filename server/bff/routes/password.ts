import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Static } from '@sinclair/typebox';
import { passwordContract } from '../../../shared/contract/password.ts';
import { validateEmail } from '../../../shared/rules/email.ts';
import { validateNewPassword } from '../../../shared/rules/password.ts';
import { hasErrors, isBlank, type FieldErrors } from '../../../shared/rules/types.ts';
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
  type ForgotPwdRequest,
  type ResetPwdRequest,
  type ResetPwdUnAuthRequest,
} from '../../../shared/schemas/password.ts';
import {
  EmployeeResetSchema,
  KeptPasswordSchema,
  LinkPasswordChangedSchema,
  LockedSchema,
  ResetLinkReasonSchema,
  SignInResultSchema,
} from '../../../shared/contract/portal-replies.ts';
import { ok, replySchemas } from '../../../shared/schemas/reply.ts';
import { encodePassword } from '../../common/password-encoding.ts';
import { allowedCallbackUrl, isPortalUrl } from '../callback-url.ts';
import { formValidateFail } from '../errors.ts';
import { ALLOWED_DURING_PASSWORD_CHANGE, passwordChangeDone, signedInMember } from '../plugins/session.ts';
import { strictRateLimit } from '../plugins/rate-limits.ts';
import { requestLanguage } from '../request-language.ts';
import { SIGN_IN_DOORS, signInDoors } from '../sign-in/sign-in-doors.ts';
import { securityEventRecorder } from '../sessions/security-event-recorder.ts';
import { browserReply } from '../sign-in/signed-in-reply.ts';
import type { RouteDeps } from '../deps.ts';
import { callAsMember, relay } from './member-call.ts';
import { passwordMailLimit } from './password-mail-limit.ts';
import { passwordMailProof } from './password-mail-proof.ts';

function failIfInvalid(errors: FieldErrors) {
  if (!hasErrors(errors)) return;
  throw formValidateFail(Object.entries(errors).flatMap(([field, code]) => (code ? [{ field, code }] : [])));
}

/** The password life cycle on the spec's paths (section 7), and ResendResetPwdMail for the resend links. */
export default async function passwordRoutes(app: FastifyInstance, deps: RouteDeps) {
  const { upstream, config, callbackPolicy, captcha, sessions } = deps;
  const record = securityEventRecorder(upstream);
  const mailLimited = strictRateLimit(config.registerRateLimitPerMinute);
  const guessLimited = strictRateLimit(config.loginRateLimitPerMinute);
  // Every way of changing the password serves a session that must change it first (keeping it does not).
  const changing = ALLOWED_DURING_PASSWORD_CHANGE;
  const perAddress = passwordMailLimit(deps.store, config.passwordMailPerAddressPerHour);
  const encode = (plain: string) => encodePassword(plain, config.passwordEncodingKey);
  const proof = passwordMailProof(config.sessionSecret, config.publicOrigin.startsWith('https:'));
  const doors = signInDoors(deps);
  /** An allowed return URL on another site (the portal's own screens need no ticket). */
  const companySite = (returnUrl: string | undefined) => {
    const allowed = allowedCallbackUrl(returnUrl, callbackPolicy);
    return allowed !== undefined && !isPortalUrl(allowed, callbackPolicy) ? allowed : undefined;
  };

  /** A reset link's state; `data.userId` is the account it leads to (for its lock), never shown to the browser. */
  const resetLink = (token: string, userId: string | undefined) =>
    upstream.call(passwordContract.checkResetPwdToken, { params: { token }, query: { userId } });

  /**
   * A changed password ends every other session of the member, on every instance sharing the
   * store; the session that changed it goes on when it is the member's.
   */
  async function endOtherSessions(request: FastifyRequest, reply: FastifyReply, memberId: number | undefined) {
    if (memberId === undefined) return;
    const own = signedInMember(request)?.memberId === memberId;
    await sessions.endSessions(memberId, {
      reason: 'passwordChanged',
      except: own ? request.session.sessionId : undefined,
      request,
      reply,
    });
  }

  app.post<{ Body: ForgotPwdRequest }>(
    '/api/Member/ForgotPwd',
    { schema: { body: ForgotPwdRequestSchema, response: replySchemas(EmployeeResetSchema) }, config: { ...mailLimited, ...changing } },
    async (request, reply) => {
      const body = request.body;
      const lang = requestLanguage(request, body.lang);
      failIfInvalid({ userId: validateEmail(body.userId) });
      await captcha.require(request, body.captchaVerify);
      await perAddress('forgot', body.userId, reply);
      const result = await upstream.call(passwordContract.forgotPwd, {
        body: { userId: body.userId.trim(), returnUrl: allowedCallbackUrl(body.returnUrl, callbackPolicy), lang },
        language: lang,
      });
      if (result.body.isSuccess) proof.remember(reply, body.userId);
      if (result.body.code === 'ResetPwd4DL' && config.employeeResetPasswordUrl)
        return reply.code(result.status).send({ ...result.body, data: { redirectUrl: config.employeeResetPasswordUrl } });
      return relay(reply, result);
    },
  );

  app.post<{ Body: Static<typeof ResendResetPwdMailRequestSchema> }>(
    '/api/Member/ResendResetPwdMail',
    { schema: { body: ResendResetPwdMailRequestSchema, response: replySchemas() }, config: { ...mailLimited, ...changing } },
    async (request, reply) => {
      const lang = requestLanguage(request, request.body.lang);
      if (proof.needsCaptcha(request, request.body.userId)) await captcha.require(request, request.body.captchaVerify);
      await perAddress('forgot', request.body.userId, reply);
      return relay(
        reply,
        await upstream.call(passwordContract.resendResetPwdMail, {
          body: { userId: request.body.userId, lang },
          language: lang,
        }),
      );
    },
  );

  // The token sits in the path (spec section 7): the log shows this route by its pattern (logger.ts).
  app.get<{ Params: Static<typeof ResetTokenParamsSchema>; Querystring: Static<typeof ResetTokenQuerySchema> }>(
    '/api/Member/CheckResetPwdTokenIsExpired/:token',
    {
      schema: { params: ResetTokenParamsSchema, querystring: ResetTokenQuerySchema, response: replySchemas(ResetLinkReasonSchema) },
      config: { ...guessLimited, ...changing },
    },
    async (request, reply) => {
      // The reply schema keeps the account the link leads to in the portal.
      return relay(reply, await resetLink(request.params.token, request.query.userId));
    },
  );

  app.post<{ Body: Static<typeof ValidatePwdUnAuthRequestSchema> }>(
    '/api/Member/ValidatePwdUnAuth',
    { schema: { body: ValidatePwdUnAuthRequestSchema, response: replySchemas(LockedSchema) }, config: { ...guessLimited, ...changing } },
    async (request, reply) => {
      const { userId, token, password } = request.body;
      if (isBlank(password)) throw formValidateFail([{ field: 'password', code: 'NewPasswordRequired' }]);
      // The link's holder could compare candidates with the current password: the account's lock applies.
      const link = await resetLink(token, userId);
      if (!link.body.isSuccess) return relay(reply, link);
      const result = await doors.attempt(request, reply, SIGN_IN_DOORS.newPassword, link.body.data?.userId, () =>
        upstream.call(passwordContract.validatePwdUnAuth, { body: { userId, token, password: encode(password) } }),
      );
      return relay(reply, result);
    },
  );

  app.post<{ Body: Static<typeof ValidatePwdRequestSchema> }>(
    '/api/Member/ValidatePwd',
    { schema: { body: ValidatePwdRequestSchema, response: replySchemas(LockedSchema) }, config: changing },
    async (request, reply) => {
      if (isBlank(request.body.password)) throw formValidateFail([{ field: 'password', code: 'NewPasswordRequired' }]);
      const result = await doors.attempt(request, reply, SIGN_IN_DOORS.newPassword, signedInMember(request)?.userId, () =>
        callAsMember(upstream, request, reply, passwordContract.validatePwd, { body: { password: encode(request.body.password) } }),
      );
      return relay(reply, result);
    },
  );

  app.post<{ Body: ResetPwdUnAuthRequest }>(
    '/api/Member/ResetPwdUnAuth',
    {
      schema: { body: ResetPwdUnAuthRequestSchema, response: replySchemas(LinkPasswordChangedSchema) },
      config: { ...guessLimited, ...changing },
    },
    async (request, reply) => {
      const { userId, token, password, confirmPassword } = request.body;
      failIfInvalid(validateNewPassword({ password, confirmPassword: confirmPassword ?? password }, 'change'));
      const lang = requestLanguage(request, request.body.lang);
      const result = await upstream.call(passwordContract.resetPwdUnAuth, {
        body: { userId, token, password: encode(password), lang },
        language: lang,
      });
      if (!result.body.isSuccess) return relay(reply, result);
      const memberId = result.body.data?.memberId;
      if (signedInMember(request)?.memberId === memberId) passwordChangeDone(request);
      await endOtherSessions(request, reply, memberId);
      if (memberId !== undefined) await record(request, { type: 'passwordReset', memberId });
      const redirectUrl = allowedCallbackUrl(result.body.data?.redirectUrl, callbackPolicy);
      return reply.code(result.status).send({
        ...result.body,
        data: { userId: result.body.data?.userId, ...(redirectUrl ? { redirectUrl } : {}) },
      });
    },
  );

  app.post<{ Body: ResetPwdRequest }>(
    '/api/Member/ResetPwd',
    { schema: { body: ResetPwdRequestSchema, response: replySchemas(SignInResultSchema) }, config: changing },
    async (request, reply) => {
      const { currentPassword, newPassword, confirmPassword, returnUrl } = request.body;
      const errors = validateNewPassword(
        { password: newPassword, confirmPassword: confirmPassword ?? newPassword, oldPassword: currentPassword },
        'change',
      );
      failIfInvalid({ oldPassword: isBlank(currentPassword) ? 'LoginPasswordRequired' : undefined, ...errors });
      const lang = requestLanguage(request, request.body.lang);
      const result = await doors.attempt(request, reply, SIGN_IN_DOORS.currentPassword, signedInMember(request)?.userId, () =>
        callAsMember(upstream, request, reply, passwordContract.resetPwd, {
          body: { currentPassword: encode(currentPassword), newPassword: encode(newPassword), returnUrl: companySite(returnUrl), lang },
          language: lang,
        }),
      );
      if (!result.body.isSuccess) return relay(reply, result);
      // The same session goes on with every route (the member service set the status back to active).
      passwordChangeDone(request);
      const memberId = signedInMember(request)?.memberId;
      await endOtherSessions(request, reply, memberId);
      if (memberId !== undefined) await record(request, { type: 'passwordChanged', memberId });
      // A forced change interrupted a way back to a company site: it goes on as a sign-in would.
      if (result.body.data && 'redirectUrl' in result.body.data && result.body.data.redirectUrl)
        return reply.code(result.status).send(await browserReply(result, deps));
      return reply.code(result.status).send(ok());
    },
  );

  app.post<{ Body: Static<typeof ResendOneYearNotUpdatePwdMailRequestSchema> }>(
    '/api/Member/ResendOneYearNotUpdatePwdMail',
    { schema: { body: ResendOneYearNotUpdatePwdMailRequestSchema, response: replySchemas() }, config: mailLimited },
    async (request, reply) => {
      const userId = signedInMember(request)?.userId || request.body.userId;
      if (!userId) throw formValidateFail([{ field: 'userId', code: 'Form_Required' }]);
      const lang = requestLanguage(request, request.body.lang);
      await perAddress('reminder', userId, reply);
      return relay(reply, await upstream.call(passwordContract.resendOneYearNotUpdatePwdMail, { body: { userId, lang }, language: lang }));
    },
  );

  app.put<{ Body: Static<typeof UpdateMemberPwdDateRequestSchema> }>(
    '/api/Member/UpdateMemberPwdDate',
    { schema: { body: UpdateMemberPwdDateRequestSchema, response: replySchemas(KeptPasswordSchema) }, config: guessLimited },
    async (request, reply) => {
      const { memberId, tempId } = request.body;
      const result = await upstream.call(passwordContract.updateMemberPwdDate, { body: { memberId, tempId } });
      if (!result.body.isSuccess) return relay(reply, result);
      return reply.code(result.status).send({ ...result.body, data: allowedCallbackUrl(result.body.data, callbackPolicy) ?? '' });
    },
  );
}
