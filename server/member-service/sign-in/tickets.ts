import type { ServiceContext } from '../context.ts';
import { hashToken, randomToken } from '../security/tokens.ts';
import type { TicketPurpose } from '../store/tickets.ts';

/** A sign-in ticket on its way to a company site is redeemed within minutes or not at all. */
export const SSO_TICKET_VALID_SECONDS = 5 * 60;

/** Issues a one-time ticket of the member's sign-in session; only its hash is stored. */
export async function issueTicket(
  ctx: ServiceContext,
  memberId: number,
  sessionTokenHash: string,
  purpose: TicketPurpose,
  validSeconds: number,
): Promise<string> {
  const ticket = randomToken();
  const now = ctx.clock.now();
  await ctx.store.tickets.issue({
    memberId,
    sessionTokenHash,
    purpose,
    ticketHash: hashToken(ticket),
    now,
    expiresAt: now + validSeconds * 1000,
  });
  return ticket;
}
