import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { SubscriptionUpdateSchema, type ProfileExport, type SubscriptionUpdate } from '../../../shared/schemas/account.ts';
import { BackToSiteSchema } from '../../../shared/contract/portal-replies.ts';
import { MemberSchema, type Member } from '../../../shared/schemas/member.ts';
import { ok, ReplySchema, replySchemas } from '../../../shared/schemas/reply.ts';
import { allowedCallbackUrl, isPortalUrl, siteNameOf } from '../callback-url.ts';
import { requestLanguage } from '../request-language.ts';
import type { RouteDeps } from './deps.ts';
import { callAsMember, relay } from './member-call.ts';

const BackToSiteQuerySchema = Type.Object({ callbackUrl: Type.String({ maxLength: 2048 }) });

/**
 * My account beyond the profile: subscription, Profile.csv, deletion and restore, and the
 * back-to-site link's allow-list check. The member service acts on the session's member only.
 */
export default async function accountRoutes(app: FastifyInstance, deps: RouteDeps) {
  const { upstream, callbackPolicy } = deps;

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
  app.get('/api/Member/ExportProfile', { schema: { response: exportReplies } }, async (request, reply) => {
    const result = await callAsMember<ProfileExport>(upstream, request, reply, { method: 'GET', path: '/api/Member/ExportProfile' });
    const file = result.body.data;
    if (!result.body.isSuccess || !file) return relay(reply, result);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file.fileName.replace(/[^A-Za-z0-9._-]/g, '_')}"`)
      .send(Buffer.from(file.csv, 'utf8'));
  });

  /** Passed on as they are; the language is that of the confirmation mail a deletion sends. */
  const forward = (method: 'DELETE' | 'POST', path: string) => async (request: FastifyRequest, reply: FastifyReply) =>
    relay(
      reply,
      await callAsMember<Member>(upstream, request, reply, {
        method,
        path,
        ...(method === 'DELETE' ? { body: {} } : {}),
        language: requestLanguage(request),
      }),
    );
  // DELETE /api/member and ApplyDeleteTag both ask for pending deletion (member-service README).
  const memberReply = { schema: { response: replySchemas(MemberSchema) } };
  app.delete('/api/member', memberReply, forward('DELETE', '/api/member'));
  app.post('/api/Member/ApplyDeleteTag', memberReply, forward('POST', '/api/Member/ApplyDeleteTag'));
  app.post('/api/Member/ApplyRestoreTag', memberReply, forward('POST', '/api/Member/ApplyRestoreTag'));

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
