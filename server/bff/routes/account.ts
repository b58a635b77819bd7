import type { FastifyInstance } from 'fastify';
import { accountContract } from '../../../shared/contract/account.ts';
import { accountPortal } from '../../../shared/contract/portal/account.ts';
import { ok } from '../../../shared/schemas/reply.ts';
import { allowedCallbackUrl, isPortalUrl, siteNameOf } from '../callback-url.ts';
import { requestLanguage } from '../request-language.ts';
import type { RouteDeps } from '../deps.ts';
import { callAsMember, relay } from './member-call.ts';
import { portalApi, served } from './portal-api.ts';

/**
 * My account beyond the profile: subscription, Profile.csv, deletion and restore, and the
 * back-to-site link's allow-list check. The member service acts on the session's member only.
 */
export default async function accountRoutes(app: FastifyInstance, deps: RouteDeps) {
  const { upstream, callbackPolicy } = deps;
  const api = portalApi(app);
  const { updateSubscribe, exportProfile, backToSite } = accountPortal;

  api.put(updateSubscribe.url, served(updateSubscribe), async (request, reply) => {
    const { userId, isSubscribe } = request.body;
    return relay(reply, await callAsMember(upstream, request, reply, accountContract.updateSubscribe, { body: { userId, isSubscribe } }));
  });

  // The member service sends the file in the envelope; the browser gets the file itself.
  api.get(exportProfile.url, served(exportProfile), async (request, reply) => {
    const result = await callAsMember(upstream, request, reply, accountContract.exportProfile, {});
    const file = result.body.data;
    if (!result.body.isSuccess || !file) return relay(reply, result);
    return (
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.fileName.replace(/[^A-Za-z0-9._-]/g, '_')}"`)
        // Bytes skip the serializer, which would write a string as JSON; the type names the text they carry.
        .send(Buffer.from(file.csv, 'utf8') as unknown as string)
    );
  });

  // Passed on as they are; the language is that of the confirmation mail a deletion sends.
  for (const name of ['delete', 'applyDeleteTag', 'applyRestoreTag'] as const) {
    const route = accountPortal[name];
    api.route({
      method: route.method,
      url: route.url,
      ...served(route),
      handler: async (request, reply) =>
        relay(reply, await callAsMember(upstream, request, reply, accountContract[name], { language: requestLanguage(request) })),
    });
  }

  /** The back-to-site link shows only for a callback URL on the allow-list, named as members know the site. */
  api.get(backToSite.url, served(backToSite), async (request) => {
    const url = allowedCallbackUrl(request.query.callbackUrl, callbackPolicy);
    const site = url && !isPortalUrl(url, callbackPolicy) ? siteNameOf(url, callbackPolicy) : null;
    return ok({ url: url ?? null, site });
  });
}
