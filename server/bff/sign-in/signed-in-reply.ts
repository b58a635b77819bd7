import type { SignInResult } from '../../../shared/contract/portal-replies.ts';
import type { SignedInData } from '../../../shared/contract/sign-in.ts';
import type { Reply } from '../../../shared/schemas/reply.ts';
import { allowedCallbackUrl, mayCarryTicket, type CallbackPolicy } from '../callback-url.ts';
import type { UpstreamReply } from '../upstream.ts';
import type { Locked } from './sign-in-doors.ts';
import type { TicketSites } from './ticket-sites.ts';

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
  result: UpstreamReply<Partial<SignedInData> | Locked>,
  { callbackPolicy: policy, ticketSites }: BrowserReplyDeps,
  localRedirect?: string,
): Promise<Reply<SignInResult>> {
  const signedIn: Partial<SignedInData> = result.body.data === undefined || 'remainingSeconds' in result.body.data ? {} : result.body.data;
  const { token, redirectUrl, id, tempId, userId } = signedIn;
  const data: SignInResult = userId === undefined ? {} : { userId };
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
