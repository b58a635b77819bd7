import { TICKET_VALID_SECONDS } from '../../../shared/limits.ts';
import type { ServiceContext } from '../context.ts';
import { hashToken, randomToken } from '../security/tokens.ts';
import type { TicketPurpose } from '../store/tickets.ts';

/**
 * Issues a one-time ticket of the member's sign-in session; only its hash is stored. Every kind
 * lives TICKET_VALID_SECONDS, and dies earlier with the member token that issued it.
 */
export async function issueTicket(
  ctx: ServiceContext,
  memberId: number,
  sessionTokenHash: string,
  purpose: TicketPurpose,
): Promise<string> {
  const ticket = randomToken();
  const now = ctx.clock.now();
  await ctx.store.tickets.issue({
    memberId,
    sessionTokenHash,
    purpose,
    ticketHash: hashToken(ticket),
    now,
    expiresAt: now + TICKET_VALID_SECONDS * 1000,
  });
  return ticket;
}
