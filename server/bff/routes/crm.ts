import { crmContract } from '../../../shared/contract/crm.ts';
import type { FastifyInstance } from 'fastify';
import {
  UpdateCrmPolicyRequestSchema,
  UpdateCrmSubscribeRequestSchema,
  type UpdateCrmPolicyRequest,
  type UpdateCrmSubscribeRequest,
} from '../../../shared/schemas/crm.ts';
import { MaskedEmailSchema } from '../../../shared/contract/crm.ts';
import { strictRateLimit } from '../plugins/rate-limits.ts';
import { replySchemas } from '../../../shared/schemas/reply.ts';
import type { RouteDeps } from '../deps.ts';
import { relay } from './member-call.ts';

/** Confirm subscription: anonymous calls authorised by the hashEmail of the mail's link alone. */
export default async function crmRoutes(app: FastifyInstance, deps: RouteDeps) {
  const { upstream, config } = deps;
  const limited = strictRateLimit(config.registerRateLimitPerMinute);

  app.post<{ Body: UpdateCrmPolicyRequest }>(
    '/api/Member/UpdateCrmPolicy',
    { schema: { body: UpdateCrmPolicyRequestSchema, response: replySchemas(MaskedEmailSchema) }, config: limited },
    async (request, reply) => {
      const { hashEmail, status, source } = request.body;
      return relay(reply, await upstream.call(crmContract.updatePolicy, { body: { hashEmail, status, source } }));
    },
  );

  app.post<{ Body: UpdateCrmSubscribeRequest }>(
    '/api/Member/UpdateCrmSubscribe',
    { schema: { body: UpdateCrmSubscribeRequestSchema, response: replySchemas() }, config: limited },
    async (request, reply) => {
      const { hashEmail, isSub } = request.body;
      return relay(reply, await upstream.call(crmContract.updateSubscribe, { body: { hashEmail, isSub } }));
    },
  );
}
