import type { FastifyReply, FastifyRequest } from 'fastify';
import { notSignedIn } from '../errors.ts';
import { signedInMember } from '../plugins/session.ts';
import type { Upstream, UpstreamReply, UpstreamRequest } from '../upstream.ts';

/**
 * Calls the member service on behalf of the signed-in member. Without a session, or when the
 * member service no longer accepts the token, the session ends and the browser gets 401.
 */
export async function callAsMember<T>(
  upstream: Upstream,
  request: FastifyRequest,
  reply: FastifyReply,
  call: Omit<UpstreamRequest, 'token'>,
): Promise<UpstreamReply<T>> {
  const member = signedInMember(request);
  if (!member) throw notSignedIn();
  const result = await upstream.call<T>({ ...call, token: member.memberToken });
  if (result.status === 401) {
    await request.endMemberSession(reply);
    throw notSignedIn();
  }
  return result;
}

/** Sends an upstream reply on with its status. */
export function relay<T>(reply: FastifyReply, result: UpstreamReply<T>) {
  return reply.code(result.status).send(result.body);
}
