import type { FastifyInstance } from 'fastify';
import { infoContract } from '../../../shared/contract/info.ts';
import { infoPortal } from '../../../shared/contract/portal/info.ts';
import type { RouteDeps } from '../deps.ts';
import { relay } from './member-call.ts';
import { portalApi, served } from './portal-api.ts';

/** Reference data changes rarely and is the same for everyone. */
const PUBLIC_CACHE = 'public, max-age=300';

export default async function infoRoutes(app: FastifyInstance, deps: RouteDeps) {
  const { upstream } = deps;

  const api = portalApi(app);
  const { countries, options, sampleNumber } = infoPortal;

  api.get(countries.url, served(countries), async (request, reply) => {
    const flag = request.params.isSimplifiedChinese.toLowerCase() === 'true' ? 'true' : 'false';
    const result = await upstream.call(infoContract.countries, { params: { isSimplifiedChinese: flag } });
    if (result.body.isSuccess) reply.header('cache-control', PUBLIC_CACHE);
    return relay(reply, result);
  });

  api.get(options.url, served(options), async (request, reply) => {
    const { category, languageCode } = request.params;
    const result = await upstream.call(infoContract.options, {
      params: { category: String(category), languageCode: String(languageCode) },
    });
    if (result.body.isSuccess) reply.header('cache-control', PUBLIC_CACHE);
    return relay(reply, result);
  });

  // Example numbers of a country (ISO code) or calling code, for the register form's tooltip.
  api.get(sampleNumber.url, served(sampleNumber), async (request, reply) => {
    const result = await upstream.call(infoContract.sampleNumber, { params: request.params });
    if (result.body.isSuccess) reply.header('cache-control', PUBLIC_CACHE);
    return relay(reply, result);
  });
}
