import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ContractRoute, RouteSchema } from '../../../shared/contract/route.ts';
import { notSignedIn } from '../errors.ts';
import { signedInMember } from '../plugins/session.ts';
import type { CallInput, ReplyData, Upstream, UpstreamReply } from '../upstream.ts';

/**
 * Calls one route of the member service on behalf of the signed-in member. Without a session,
 * or when the member service no longer accepts the token, the session ends and the browser gets 401.
 */
export async function callAsMember<S extends RouteSchema>(
  upstream: Upstream,
  request: FastifyRequest,
  reply: FastifyReply,
  route: ContractRoute<S>,
  input: Omit<CallInput<S>, 'token'>,
): Promise<UpstreamReply<ReplyData<S>>> {
  const member = signedInMember(request);
  if (!member) throw notSignedIn();
  const result = await upstream.call(route, { ...input, token: member.memberToken } as CallInput<S>);
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
