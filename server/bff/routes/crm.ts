import { crmContract } from '../../../shared/contract/crm.ts';
import type { FastifyInstance } from 'fastify';
import { crmPortal } from '../../../shared/contract/portal/crm.ts';
import { strictRateLimit } from '../plugins/rate-limits.ts';
import type { RouteDeps } from '../deps.ts';
import { portalApi, served } from './portal-api.ts';
import { relay } from './member-call.ts';

/** Confirm subscription: anonymous calls authorised by the hashEmail of the mail's link alone. */
export default async function crmRoutes(app: FastifyInstance, deps: RouteDeps) {
  const { upstream, config } = deps;
  const limited = strictRateLimit(config.registerRateLimitPerMinute);

  const api = portalApi(app);
  api.post(crmPortal.updatePolicy.url, served(crmPortal.updatePolicy, limited), async (request, reply) => {
    const { hashEmail, status, source } = request.body;
    return relay(reply, await upstream.call(crmContract.updatePolicy, { body: { hashEmail, status, source } }));
  });

  api.post(crmPortal.updateSubscribe.url, served(crmPortal.updateSubscribe, limited), async (request, reply) => {
    const { hashEmail, isSub } = request.body;
    return relay(reply, await upstream.call(crmContract.updateSubscribe, { body: { hashEmail, isSub } }));
  });
}
