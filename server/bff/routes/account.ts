import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { accountContract } from '../../../shared/contract/account.ts';
import { SubscriptionUpdateSchema, type SubscriptionUpdate } from '../../../shared/schemas/account.ts';
import { BackToSiteSchema } from '../../../shared/contract/portal-replies.ts';
import { MemberSchema } from '../../../shared/schemas/member.ts';
import { ok, ReplySchema, replySchemas } from '../../../shared/schemas/reply.ts';
import { allowedCallbackUrl, isPortalUrl, siteNameOf } from '../callback-url.ts';
import type { SecurityEventType } from '../../../shared/schemas/security-center.ts';
import { requestLanguage } from '../request-language.ts';
import { securityEventRecorder } from '../sessions/security-event-recorder.ts';
import { requireRecentSignIn } from '../sign-in/recent-sign-in.ts';
import type { RouteDeps } from '../deps.ts';
import { callAsMember, relay } from './member-call.ts';

const BackToSiteQuerySchema = Type.Object({ callbackUrl: Type.String({ maxLength: 2048 }) });

/**
 * My account beyond the profile: subscription, Profile.csv, deletion and restore, and the
 * back-to-site link's allow-list check. The member service acts on the session's member only.
 */
export default async function accountRoutes(app: FastifyInstance, deps: RouteDeps) {
  const { upstream, callbackPolicy, clock } = deps;
  const record = securityEventRecorder(upstream);
  /** Export and deletion cannot be taken back: only after a sign-in the member made themselves, just now. */
  const recentOnly = async (request: FastifyRequest) => requireRecentSignIn(request, clock.now());

  app.put<{ Body: SubscriptionUpdate }>(
    '/api/Member/UpdateMemberSubscribe',
    { schema: { body: SubscriptionUpdateSchema, response: replySchemas(MemberSchema) } },
    async (request, reply) => {
      const { userId, isSubscribe } = request.body;
      return relay(reply, await callAsMember(upstream, request, reply, accountContract.updateSubscribe, { body: { userId, isSubscribe } }));
    },
  );

  // The member service sends the file in the envelope; the browser gets the file itself.
  const exportReplies = {
    200: {
      description: 'Profile.csv, or the envelope when there is no file',
      content: { 'text/csv': { schema: Type.String() }, 'application/json': { schema: ReplySchema() } },
    },
  };
  app.get('/api/Member/ExportProfile', { schema: { response: exportReplies }, preHandler: recentOnly }, async (request, reply) => {
    const result = await callAsMember(upstream, request, reply, accountContract.exportProfile, {});
    const file = result.body.data;
    if (!result.body.isSuccess || !file) return relay(reply, result);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file.fileName.replace(/[^A-Za-z0-9._-]/g, '_')}"`)
      .send(Buffer.from(file.csv, 'utf8'));
  });

  /** Passed on as they are; the language is that of the confirmation mail a deletion sends. */
  const forward =
    (route: (typeof accountContract)['delete' | 'applyDeleteTag' | 'applyRestoreTag'], event: SecurityEventType) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const result = await callAsMember(upstream, request, reply, route, { language: requestLanguage(request) });
      const memberId = request.session?.memberId;
      if (result.body.isSuccess && memberId !== undefined) await record(request, { type: event, memberId });
      return relay(reply, result);
    };
  // DELETE /api/member and ApplyDeleteTag both ask for pending deletion (member-service README).
  const memberReply = { schema: { response: replySchemas(MemberSchema) } };
  const deletion = { ...memberReply, preHandler: recentOnly };
  app.delete('/api/member', deletion, forward(accountContract.delete, 'deletionRequested'));
  app.post('/api/Member/ApplyDeleteTag', deletion, forward(accountContract.applyDeleteTag, 'deletionRequested'));
  app.post('/api/Member/ApplyRestoreTag', memberReply, forward(accountContract.applyRestoreTag, 'deletionCancelled'));

  /** The back-to-site link shows only for a callback URL on the allow-list, named as members know the site. */
  app.get<{ Querystring: Static<typeof BackToSiteQuerySchema> }>(
    '/api/Member/BackToSite',
    { schema: { querystring: BackToSiteQuerySchema, response: replySchemas(BackToSiteSchema) } },
    async (request) => {
      const url = allowedCallbackUrl(request.query.callbackUrl, callbackPolicy);
      const site = url && !isPortalUrl(url, callbackPolicy) ? siteNameOf(url, callbackPolicy) : null;
      return ok({ url: url ?? null, site });
    },
  );
}
