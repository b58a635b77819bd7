import type { FastifyRequest } from 'fastify';
import { mustChangePassword } from '../../../shared/enums.ts';
import type { Reply } from '../../../shared/schemas/reply.ts';
import { allowedCallbackUrl, mayCarryTicket } from '../callback-url.ts';
import type { MemberSessionStart } from '../plugins/session.ts';
import type { RouteDeps } from '../deps.ts';
import type { UpstreamReply } from '../upstream.ts';

/** What the member service answers a sign-in (password, code, ticket) with; the token part never reaches the browser. */
export interface UpstreamSignInData {
  token?: string;
  tokenExpiresAt?: string;
  userId?: string;
  memberId?: number;
  status?: number;
  redirectUrl?: string;
  id?: string;
  tempId?: string;
  [key: string]: unknown;
}

/**
 * Turns the member service's sign-in reply into the browser's: a reply that carries a member
 * token starts a new session (ok, preferring and the must-change-password codes, whose session
 * serves only the password change until it is done); the token
 * stays in the session; a redirect URL leaves only when allowed, and the ticket for its site only with
 * it and only where a ticket may go (mayCarryTicket): elsewhere the member goes there without one.
 * Where a ticket goes is remembered (TicketSites) for site keys bound to one site.
 */
export async function signedInReply(
  request: FastifyRequest,
  result: UpstreamReply<UpstreamSignInData>,
  { callbackPolicy: policy, ticketSites }: Pick<RouteDeps, 'callbackPolicy' | 'ticketSites'>,
  localRedirect?: string,
  start: Pick<MemberSessionStart, 'byTicket'> = {},
): Promise<Reply<UpstreamSignInData>> {
  const { token, tokenExpiresAt, memberId, redirectUrl, id, tempId, ...rest } = result.body.data ?? {};
  if (token && memberId !== undefined) {
    await request.startMemberSession(
      { memberToken: token, tokenExpiresAt: tokenExpiresAt ?? '', userId: rest.userId ?? '', memberId },
      // defaultpwd, mustchange and expired: the browser's redirect to change-password is not the only guard.
      { ...start, passwordChangeRequired: rest.status !== undefined && mustChangePassword(rest.status) },
    );
  }
  const data: UpstreamSignInData = { ...rest };
  const allowed = allowedCallbackUrl(redirectUrl, policy);
  if (allowed !== undefined) {
    data.redirectUrl = allowed;
    if (id && tempId && mayCarryTicket(allowed, policy)) {
      await ticketSites.sent(tempId, allowed);
      Object.assign(data, { id, tempId });
    }
  } else if (localRedirect !== undefined && token) {
    data.redirectUrl = localRedirect;
  }
  const { data: _upstreamData, ...envelope } = result.body;
  return result.body.data === undefined ? envelope : { ...envelope, data };
}
