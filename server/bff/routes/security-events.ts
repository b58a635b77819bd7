import { securityEventsContract } from '../../../shared/contract/security-events.ts';
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { ok, ReplySchema } from '../../../shared/schemas/reply.ts';
import {
  NotMeRequestSchema,
  SecurityEventsPageSchema,
  SecurityEventsQuerySchema,
  type NotMeRequest,
} from '../../../shared/schemas/security-center.ts';
import { strictRateLimit } from '../plugins/rate-limits.ts';
import { requestLanguage } from '../request-language.ts';
import { whereFrom } from '../sessions/security-event-recorder.ts';
import { requireRecentSignIn } from '../sign-in/recent-sign-in.ts';
import type { RouteDeps } from '../deps.ts';
import { callAsMember, relay } from './member-call.ts';

/**
 * Security activity: the member's own events (stored by the member service) and "This wasn't me",
 * signed in from My account or signed out from the new-device mail's link. Disowning an event
 * ends every session and token of the member, here and upstream.
 */
export default async function securityEventRoutes(app: FastifyInstance, deps: RouteDeps) {
  const { upstream, config, sessions, clock } = deps;

  app.get<{ Querystring: Static<typeof SecurityEventsQuerySchema> }>(
    '/api/Member/SecurityEvents',
    { schema: { querystring: SecurityEventsQuerySchema, response: { 200: ReplySchema(SecurityEventsPageSchema) } } },
    async (request, reply) => {
      return relay(reply, await callAsMember(upstream, request, reply, securityEventsContract.list, { query: request.query }));
    },
  );

  app.post<{ Body: NotMeRequest }>(
    '/api/Member/SecurityEvents/NotMe',
    // The link's token is a secret someone could guess at: limited like the other link checks.
    {
      schema: { body: NotMeRequestSchema, response: { 200: ReplySchema(Type.Object({})) } },
      config: strictRateLimit(config.loginRateLimitPerMinute),
    },
    async (request, reply) => {
      const { eventId, token } = request.body;
      const call = { body: { eventId, token, ...whereFrom(request) }, language: requestLanguage(request) };
      // From the mail's link the token proves the event; signed in, a sign-in the member made
      // themselves just now does (a ticket session or an old one could be the intruder's).
      if (token === undefined && request.session?.memberId !== undefined) requireRecentSignIn(request, clock.now());
      const result =
        token !== undefined
          ? await upstream.call(securityEventsContract.notMe, call)
          : await callAsMember(upstream, request, reply, securityEventsContract.notMe, call);
      const memberId = result.body.data?.memberId;
      if (!result.body.isSuccess || memberId === undefined) return relay(reply, result);
      // The member service has revoked every token of the member (and so every ticket) already.
      await sessions.endSessions(memberId, { reason: 'notMe', upstream: false, request, reply });
      return ok();
    },
  );
}
