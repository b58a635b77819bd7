import type { Reply } from '../../../shared/schemas/reply.ts';
import { allowedCallbackUrl, mayCarryTicket, type CallbackPolicy } from '../callback-url.ts';
import type { UpstreamReply } from '../upstream.ts';
import type { TicketSites } from './ticket-sites.ts';

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

export interface BrowserReplyDeps {
  callbackPolicy: CallbackPolicy;
  ticketSites: TicketSites;
}

/**
 * The browser's side of a sign-in reply: the token and the member's internal id stay here; a
 * redirect URL leaves only when allowed, and the ticket for its site only with it and only where a
 * ticket may go (mayCarryTicket): elsewhere the member goes there without one. Where a ticket goes
 * is remembered (TicketSites) for site keys bound to one site.
 */
export async function browserReply(
  result: UpstreamReply<UpstreamSignInData>,
  { callbackPolicy: policy, ticketSites }: BrowserReplyDeps,
  localRedirect?: string,
): Promise<Reply<UpstreamSignInData>> {
  const { token, tokenExpiresAt: _expires, memberId: _memberId, redirectUrl, id, tempId, ...rest } = result.body.data ?? {};
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
