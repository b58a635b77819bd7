import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { ok, ReplySchema } from '../../../shared/schemas/reply.ts';
import { MemberSessionSchema, SessionIdParamsSchema } from '../../../shared/schemas/security-center.ts';
import { notSignedIn, ReplyError } from '../errors.ts';
import { signedInMember } from '../plugins/session.ts';
import { memberSessions, sessionPublicId, sessionView } from '../sessions/member-sessions.ts';
import { securityEventRecorder } from '../sessions/security-event-recorder.ts';
import { sessionKeys } from '../session-keys.ts';
import type { RouteDeps } from '../deps.ts';

/** Devices and sessions: the signed-in member lists and ends their own browser sessions, and only those. */
export default async function sessionRoutes(app: FastifyInstance, deps: RouteDeps) {
  const { upstream, config, sessions } = deps;
  const store = app.memberSessions;
  const record = securityEventRecorder(upstream);
  const idKey = sessionKeys(config.sessionSecret).sessionListIds;

  /** The member's sessions that still serve (one past its limits waits only for its end). */
  const live = async (memberId: number) => (await memberSessions(store, memberId)).filter((s) => !store.pastLimits(s.session));

  const memberOf = (request: FastifyRequest) => {
    const member = signedInMember(request);
    if (!member) throw notSignedIn();
    return member;
  };

  app.get('/api/Member/Sessions', { schema: { response: { 200: ReplySchema(Type.Array(MemberSessionSchema)) } } }, async (request) => {
    const member = memberOf(request);
    const current = request.session.sessionId;
    const listed = (await live(member.memberId)).map((s) => sessionView(idKey, s, current));
    listed.sort((a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt.localeCompare(a.lastSeenAt));
    return ok(listed);
  });

  app.delete<{ Params: Static<typeof SessionIdParamsSchema> }>(
    '/api/Member/Sessions/:id',
    { schema: { params: SessionIdParamsSchema, response: { 200: ReplySchema(Type.Object({})) } } },
    async (request, reply) => {
      const member = memberOf(request);
      // Only the member's own sessions are searched: another member's id is as unknown as a made-up one.
      const target = (await live(member.memberId)).find((s) => sessionPublicId(idKey, s.sessionId) === request.params.id);
      if (!target) throw new ReplyError(404, 'NotFound');
      await record(request, { type: 'sessionEnded', memberId: member.memberId, method: target.session.signInMethod });
      await sessions.endSessions(member.memberId, { reason: 'endedByMember', only: target.sessionId, request, reply });
      return ok();
    },
  );

  app.post(
    '/api/Member/Sessions/EndOthers',
    { schema: { response: { 200: ReplySchema(Type.Object({ ended: Type.Integer() })) } } },
    async (request, reply) => {
      const member = memberOf(request);
      const ended = await sessions.endSessions(member.memberId, {
        reason: 'endedByMember',
        except: request.session.sessionId,
        request,
        reply,
      });
      if (ended > 0) await record(request, { type: 'sessionEnded', memberId: member.memberId });
      return ok({ ended });
    },
  );
}
