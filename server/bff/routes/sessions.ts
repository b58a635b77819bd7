import type { FastifyInstance, FastifyRequest } from 'fastify';
import { securityCenterPortal } from '../../../shared/contract/portal/security-center.ts';
import { ok } from '../../../shared/schemas/reply.ts';
import { notSignedIn, ReplyError } from '../errors.ts';
import { signedInMember } from '../plugins/session.ts';
import { endSessionBothSides } from '../sign-in/end-session.ts';
import { endStoredSession, memberSessions, sessionPublicId, sessionView } from '../sessions/member-sessions.ts';
import { securityEventRecorder } from '../sessions/security-event-recorder.ts';
import type { RouteDeps } from '../deps.ts';
import { portalApi, served } from './portal-api.ts';

/** Devices and sessions: the signed-in member lists and ends their own browser sessions, and only those. */
export default async function sessionRoutes(app: FastifyInstance, deps: RouteDeps) {
  const { upstream, config } = deps;
  const store = app.memberSessions;
  const record = securityEventRecorder(upstream);

  const memberOf = (request: FastifyRequest) => {
    const member = signedInMember(request);
    if (!member) throw notSignedIn();
    return member;
  };

  const api = portalApi(app);
  const { sessions: list, endSession, endOtherSessions } = securityCenterPortal;

  api.get(list.url, served(list), async (request) => {
    const member = memberOf(request);
    const current = request.session.sessionId;
    const sessions = (await memberSessions(store, member.memberId)).map((s) => sessionView(config.sessionSecret, s, current));
    sessions.sort((a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt.localeCompare(a.lastSeenAt));
    return ok(sessions);
  });

  api.delete(endSession.url, served(endSession), async (request, reply) => {
    const member = memberOf(request);
    // Only the member's own sessions are searched: another member's id is as unknown as a made-up one.
    const target = (await memberSessions(store, member.memberId)).find(
      (s) => sessionPublicId(config.sessionSecret, s.sessionId) === request.params.id,
    );
    if (!target) throw new ReplyError(404, 'NotFound');
    await record(request, { type: 'sessionEnded', memberId: member.memberId, method: target.session.signInMethod });
    if (target.sessionId === request.session.sessionId) await endSessionBothSides(request, reply, upstream);
    else {
      await app.sendBackchannelLogout({ sessionId: target.sessionId });
      await endStoredSession(store, upstream, target, request.log);
    }
    return ok();
  });

  api.post(endOtherSessions.url, served(endOtherSessions), async (request) => {
    const member = memberOf(request);
    const others = (await memberSessions(store, member.memberId)).filter((s) => s.sessionId !== request.session.sessionId);
    for (const other of others) {
      await app.sendBackchannelLogout({ sessionId: other.sessionId });
      await endStoredSession(store, upstream, other, request.log);
    }
    if (others.length > 0) await record(request, { type: 'sessionEnded', memberId: member.memberId });
    return ok({ ended: others.length });
  });
}
