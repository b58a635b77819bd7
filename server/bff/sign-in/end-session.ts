import type { FastifyReply, FastifyRequest } from 'fastify';
import { UpstreamUnavailableError } from '../errors.ts';
import { signedInMember } from '../plugins/session.ts';
import type { Upstream } from '../upstream.ts';

/** Signs out on both sides: the member token is revoked upstream, the session and its cookie end here, and its OpenID Connect sites hear of it. */
export async function endSessionBothSides(request: FastifyRequest, reply: FastifyReply, upstream: Upstream): Promise<void> {
  const member = signedInMember(request);
  if (member) {
    try {
      await upstream.call({ method: 'GET', path: '/api/Member/Logout', token: member.memberToken });
    } catch (err) {
      // The local session ends regardless; the token expires upstream on its own.
      if (!(err instanceof UpstreamUnavailableError)) throw err;
      request.log.warn({ err }, 'token revocation failed at sign-out');
    }
  }
  if (member) await request.server.sendBackchannelLogout({ sessionId: request.session.sessionId });
  await request.endMemberSession(reply);
}
