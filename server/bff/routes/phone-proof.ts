import type { FastifyInstance, FastifyRequest } from 'fastify';
import { OTP_SEND_WINDOW_SECONDS } from '../../../shared/limits.ts';
import {
  ConfirmPhoneProofRequestSchema,
  PhoneProofSentSchema,
  SendPhoneProofCodeRequestSchema,
  type ConfirmPhoneProofRequest,
  type SendPhoneProofCodeRequest,
} from '../../../shared/schemas/phone-proof.ts';
import { phoneProofContract, PhoneProvenSchema } from '../../../shared/contract/phone-proof.ts';
import { replySchemas } from '../../../shared/schemas/reply.ts';
import { notSignedIn, ReplyError } from '../errors.ts';
import { strictRateLimit } from '../plugins/rate-limits.ts';
import { signedInMember } from '../plugins/session.ts';
import { requestLanguage } from '../request-language.ts';
import { requireRecentSignIn } from '../sign-in/recent-sign-in.ts';
import type { RouteDeps } from '../deps.ts';
import { callAsMember, relay } from './member-call.ts';

const windowKey = (memberId: number) => `phone-proof-window:${memberId}`;

/**
 * My account: proving the mobile number on the profile with a code sent to it by text message
 * (only a proven number gets sign-in codes). A member gets one code per send window, like
 * sign-in codes; the member service adds the number's hourly budget.
 */
export default async function phoneProofRoutes(app: FastifyInstance, deps: RouteDeps) {
  const { upstream, config, store, clock } = deps;
  /** A proven phone is a way in (sign-in codes by text): only after a sign-in the member made themselves, just now. */
  const recentOnly = async (request: FastifyRequest) => requireRecentSignIn(request, clock.now());

  app.post<{ Body: SendPhoneProofCodeRequest }>(
    '/api/Member/SendPhoneProofCode',
    {
      schema: { body: SendPhoneProofCodeRequestSchema, response: replySchemas(PhoneProofSentSchema) },
      config: strictRateLimit(config.otpRateLimitPerMinute),
      preHandler: recentOnly,
    },
    async (request, reply) => {
      const member = signedInMember(request);
      if (!member) throw notSignedIn();
      const key = windowKey(member.memberId);
      if (!(await store.setIfAbsent(key, '1', OTP_SEND_WINDOW_SECONDS))) {
        reply.header('retry-after', String((await store.remainingSeconds(key)) ?? OTP_SEND_WINDOW_SECONDS));
        throw new ReplyError(429, 'TooManyRequests');
      }
      const lang = requestLanguage(request, request.body.lang);
      const result = await callAsMember(upstream, request, reply, phoneProofContract.send, {
        body: { lang },
        language: lang,
      }).catch(async (error: unknown) => {
        await store.delete(key);
        throw error;
      });
      if (!result.body.isSuccess) {
        await store.delete(key);
        return relay(reply, result);
      }
      return reply.code(result.status).send({ ...result.body, data: { ...result.body.data, remainingSeconds: OTP_SEND_WINDOW_SECONDS } });
    },
  );

  app.post<{ Body: ConfirmPhoneProofRequest }>(
    '/api/Member/ConfirmPhoneProof',
    {
      schema: { body: ConfirmPhoneProofRequestSchema, response: replySchemas(PhoneProvenSchema) },
      config: strictRateLimit(config.loginRateLimitPerMinute),
      preHandler: recentOnly,
    },
    async (request, reply) =>
      relay(reply, await callAsMember(upstream, request, reply, phoneProofContract.confirm, { body: { code: request.body.code.trim() } })),
  );
}
