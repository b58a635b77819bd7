import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { SubscriptionUpdateSchema, type ProfileExport, type SubscriptionUpdate } from '../../../shared/schemas/account.ts';
import { BackToSiteSchema } from '../../../shared/contract/portal-replies.ts';
import { MemberSchema, type Member } from '../../../shared/schemas/member.ts';
import { ok, ReplySchema, replySchemas } from '../../../shared/schemas/reply.ts';
import type { SecurityEventType } from '../../../shared/schemas/security-center.ts';
import { allowedCallbackUrl } from '../callback-url.ts';
import { requestLanguage } from '../request-language.ts';
import { securityEventRecorder } from '../sessions/security-event-recorder.ts';
import { requireRecentSignIn } from '../sign-in/recent-sign-in.ts';
import type { RouteDeps } from './deps.ts';
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
      return relay(
        reply,
        await callAsMember<Member>(upstream, request, reply, {
          method: 'PUT',
          path: '/api/Member/UpdateMemberSubscribe',
          body: { userId, isSubscribe },
        }),
      );
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
    const result = await callAsMember<ProfileExport>(upstream, request, reply, { method: 'GET', path: '/api/Member/ExportProfile' });
    const file = result.body.data;
    if (!result.body.isSuccess || !file) return relay(reply, result);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file.fileName.replace(/[^A-Za-z0-9._-]/g, '_')}"`)
      .send(Buffer.from(file.csv, 'utf8'));
  });

  /** Passed on as they are; the language is that of the confirmation mail a deletion sends. */
  const forward =
    (method: 'DELETE' | 'POST', path: string, event: SecurityEventType) => async (request: FastifyRequest, reply: FastifyReply) => {
      const result = await callAsMember<Member>(upstream, request, reply, {
        method,
        path,
        ...(method === 'DELETE' ? { body: {} } : {}),
        language: requestLanguage(request),
      });
      const memberId = request.session?.memberId;
      if (result.body.isSuccess && memberId !== undefined) await record(request, { type: event, memberId });
      return relay(reply, result);
    };
  // DELETE /api/member and ApplyDeleteTag both ask for pending deletion (member-service README).
  const memberReply = { schema: { response: replySchemas(MemberSchema) } };
  const deletion = { ...memberReply, preHandler: recentOnly };
  app.delete('/api/member', deletion, forward('DELETE', '/api/member', 'deletionRequested'));
  app.post('/api/Member/ApplyDeleteTag', deletion, forward('POST', '/api/Member/ApplyDeleteTag', 'deletionRequested'));
  app.post('/api/Member/ApplyRestoreTag', memberReply, forward('POST', '/api/Member/ApplyRestoreTag', 'deletionCancelled'));

  /** The back-to-site link shows only for a callback URL on the allow-list. */
  app.get<{ Querystring: Static<typeof BackToSiteQuerySchema> }>(
    '/api/Member/BackToSite',
    { schema: { querystring: BackToSiteQuerySchema, response: replySchemas(BackToSiteSchema) } },
    async (request) => ok({ url: allowedCallbackUrl(request.query.callbackUrl, callbackPolicy) ?? null }),
  );
}
