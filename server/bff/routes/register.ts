import { registerContract } from '../../../shared/contract/register.ts';
import type { FieldCode } from '../../../shared/codes.ts';
import type { FastifyInstance } from 'fastify';
import type { Static } from '@sinclair/typebox';
import { PROMOTIONAL_PASS } from '../../../shared/limits.ts';
import { validateRegistration } from '../../../shared/rules/registration.ts';
import { ActivatedSchema, IsExistSchema } from '../../../shared/contract/register.ts';
import { RegisteredSchema } from '../../../shared/contract/portal-replies.ts';
import { replySchemas, type FieldError } from '../../../shared/schemas/reply.ts';
import {
  ActivateRequestSchema,
  IsExistRequestSchema,
  ReactivateRequestSchema,
  RegisterRequestSchema,
  type RegisterRequest,
} from '../../../shared/schemas/register.ts';
import { allowedCallbackUrl, safeRedirectUrl } from '../callback-url.ts';
import { formValidateFail } from '../errors.ts';
import { strictRateLimit } from '../plugins/rate-limits.ts';
import { requestLanguage } from '../request-language.ts';
import type { RouteDeps } from '../deps.ts';
import { emailCheckLimit } from './email-check-limit.ts';
import { relay } from './member-call.ts';
import { RegistrantCookie } from './registrant-cookie.ts';
import { registrationProof, verificationMailPacing } from './resend-guard.ts';
import { upstreamIdentity } from '../social/providers.ts';
import { forgetIdentity, signUpIdentity } from '../social/social-session.ts';
import { upstreamRegistration } from './registration-payload.ts';

export default async function registerRoutes(app: FastifyInstance, deps: RouteDeps) {
  const { upstream, config, callbackPolicy, captcha, countries } = deps;
  const limited = strictRateLimit(config.registerRateLimitPerMinute);
  const checkLimit = emailCheckLimit(deps.store, config.emailCheckPerAddressPerHour);
  const pacing = verificationMailPacing(deps.store);
  const registered = registrationProof(config.sessionSecret);
  const registrant = new RegistrantCookie(config.sessionSecret, config.publicOrigin.startsWith('https:'));

  async function ruleErrors(body: RegisterRequest, isSocialSignUp: boolean): Promise<FieldError[]> {
    const country = await countries.find(body.country);
    if (!country) return [{ field: 'country', code: 'Form_NotExist' }];
    const errors = validateRegistration(body, {
      region: country.region,
      source: body.source,
      isIotmartAna: (body.source ?? '').toLowerCase() === PROMOTIONAL_PASS,
      isSocialSignUp,
    });
    return Object.entries(errors)
      .filter((entry): entry is [string, FieldCode] => entry[1] !== undefined)
      .map(([field, code]) => ({ field, code }));
  }

  app.post<{ Body: Static<typeof IsExistRequestSchema> }>(
    '/api/Member/IsExist',
    { schema: { body: IsExistRequestSchema, response: replySchemas(IsExistSchema) }, config: limited },
    async (request, reply) => {
      await checkLimit(request.body.email, reply);
      return relay(reply, await upstream.call(registerContract.isExist, { body: { email: request.body.email } }));
    },
  );

  app.post<{ Body: RegisterRequest }>(
    '/api/Member/Register',
    { schema: { body: RegisterRequestSchema, response: replySchemas(RegisteredSchema) }, config: limited },
    async (request, reply) => {
      const body = request.body;
      const lang = requestLanguage(request, body.lang);
      await captcha.require(request, body.captchaVerify);
      // A social sign-up registers the identity the BFF verified and holds in the session, never one from the body.
      const social = body.password === undefined ? signUpIdentity(request, deps.clock.now()) : undefined;
      const errors = await ruleErrors(body, social !== undefined);
      if (errors.length > 0) throw formValidateFail(errors);
      const payload = upstreamRegistration(body, {
        encodingKey: config.passwordEncodingKey,
        lang,
        returnUrl: allowedCallbackUrl(body.returnUrl, callbackPolicy),
      });
      const result = await upstream.call(registerContract.register, {
        body: social ? { ...payload, memberSocial: upstreamIdentity(social) } : payload,
        language: lang,
      });
      if (social && result.body.isSuccess) forgetIdentity(request);
      if (!result.body.isSuccess) return relay(reply, result);
      registrant.set(reply, body.email, deps.clock.now());
      return reply
        .code(result.status)
        .send({ ...result.body, data: { ...result.body.data, registrationProof: registered.issue(body.email) } });
    },
  );

  app.post<{ Body: Static<typeof ActivateRequestSchema> }>(
    '/api/Member/Activate',
    { schema: { body: ActivateRequestSchema, response: replySchemas(ActivatedSchema) } },
    async (request, reply) => {
      const result = await upstream.call(registerContract.activate, {
        body: { userId: request.body.userId, token: request.body.token, registrantEmail: registrant.email(request, deps.clock.now()) },
      });
      const data = result.body.data;
      if (data?.returnUrl === undefined || data.returnUrl === '') return relay(reply, result);
      const returnUrl = safeRedirectUrl(data.returnUrl, callbackPolicy, requestLanguage(request));
      return reply.code(result.status).send({ ...result.body, data: { ...data, returnUrl } });
    },
  );

  app.post<{ Body: Static<typeof ReactivateRequestSchema> }>(
    '/api/Member/Reactivate',
    { schema: { body: ReactivateRequestSchema, response: replySchemas() }, config: limited },
    async (request, reply) => {
      const { captchaVerify, registrationProof: proof, userId, checkResend } = request.body;
      const lang = requestLanguage(request, request.body.lang);
      if (registered.needsCaptcha(userId, proof)) await captcha.require(request, captchaVerify);
      await pacing.claim(userId, reply);
      const result = await upstream
        .call(registerContract.reactivate, { body: { userId, checkResend, lang }, language: lang })
        .catch(async (error: unknown) => {
          await pacing.release(userId);
          throw error;
        });
      if (!result.body.isSuccess) await pacing.release(userId);
      return relay(reply, result);
    },
  );
}
