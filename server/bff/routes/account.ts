import type { FastifyInstance, FastifyRequest } from 'fastify';
import { accountContract } from '../../../shared/contract/account.ts';
import { accountPortal } from '../../../shared/contract/portal/account.ts';
import { ok } from '../../../shared/schemas/reply.ts';
import type { SecurityEventType } from '../../../shared/schemas/security-center.ts';
import { allowedCallbackUrl, isPortalUrl, siteNameOf } from '../callback-url.ts';
import { requestLanguage } from '../request-language.ts';
import { securityEventRecorder } from '../sessions/security-event-recorder.ts';
import { requireRecentSignIn } from '../sign-in/recent-sign-in.ts';
import type { RouteDeps } from '../deps.ts';
import { callAsMember, relay } from './member-call.ts';
import { portalApi, served } from './portal-api.ts';

/** What each deletion step records in the member's activity when it succeeds. */
const DELETION_EVENTS: Record<'delete' | 'applyDeleteTag' | 'applyRestoreTag', SecurityEventType> = {
  delete: 'deletionRequested',
  applyDeleteTag: 'deletionRequested',
  applyRestoreTag: 'deletionCancelled',
};

/**
 * My account beyond the profile: subscription, Profile.csv, deletion and restore, and the
 * back-to-site link's allow-list check. The member service acts on the session's member only.
 */
export default async function accountRoutes(app: FastifyInstance, deps: RouteDeps) {
  const { upstream, callbackPolicy, clock } = deps;
  const api = portalApi(app);
  const record = securityEventRecorder(upstream);
  const { updateSubscribe, exportProfile, backToSite } = accountPortal;
  /** Export and deletion cannot be taken back: only after a sign-in the member made themselves, just now. */
  const recentOnly = async (request: FastifyRequest) => requireRecentSignIn(request, clock.now());

  api.put(updateSubscribe.url, served(updateSubscribe), async (request, reply) => {
    const { userId, isSubscribe } = request.body;
    return relay(reply, await callAsMember(upstream, request, reply, accountContract.updateSubscribe, { body: { userId, isSubscribe } }));
  });

  // The member service sends the file in the envelope; the browser gets the file itself.
  api.get(exportProfile.url, { ...served(exportProfile), preHandler: recentOnly }, async (request, reply) => {
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

  /**
   * An account bound for deletion is signed out everywhere but here: the member's other sessions
   * end (and tell their sites), and the sites this browser signed in at are told too. This session
   * goes on, as the spec shows the member the deletion date and Restore at once.
   */
  async function signOutEverywhereElse(request: FastifyRequest, memberId: number) {
    const current = request.session.sessionId;
    await deps.sessions.endSessions(memberId, { reason: 'deletionRequested', except: current });
    await app.sendBackchannelLogout({ sessionId: current });
  }

  // Passed on as they are; the language is that of the confirmation mail a deletion sends.
  // Asking for deletion needs a recent sign-in; restoring never does.
  for (const name of ['delete', 'applyDeleteTag', 'applyRestoreTag'] as const) {
    const route = accountPortal[name];
    api.route({
      method: route.method,
      url: route.url,
      ...served(route),
      ...(name === 'applyRestoreTag' ? {} : { preHandler: recentOnly }),
      handler: async (request, reply) => {
        const result = await callAsMember(upstream, request, reply, accountContract[name], { language: requestLanguage(request) });
        const memberId = request.session?.memberId;
        if (result.body.isSuccess && memberId !== undefined) {
          await record(request, { type: DELETION_EVENTS[name], memberId });
          if (name !== 'applyRestoreTag') await signOutEverywhereElse(request, memberId);
        }
        return relay(reply, result);
      },
    });
  }

  /** The back-to-site link shows only for a callback URL on the allow-list, named as members know the site. */
  api.get(backToSite.url, served(backToSite), async (request) => {
    const url = allowedCallbackUrl(request.query.callbackUrl, callbackPolicy);
    const site = url && !isPortalUrl(url, callbackPolicy) ? siteNameOf(url, callbackPolicy) : null;
    return ok({ url: url ?? null, site });
  });
}
