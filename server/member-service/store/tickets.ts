import type { Kysely } from 'kysely';
import type { Database, MemberRow } from './schema.ts';

interface NewTicket {
  memberId: number;
  /** The member token of the sign-in that issued it: signing out of that session voids its tickets. */
  sessionTokenHash: string;
  purpose: TicketPurpose;
  ticketHash: string;
  now: number;
  expiresAt: number;
}

/** `sso`: handed to a company site with the redirect after sign-in; `referer`: handed on by that site to come back signed in. */
export type TicketPurpose = 'sso' | 'referer';

interface RedeemedTicket {
  member: MemberRow;
  sessionTokenHash: string;
}

export interface TicketsRepository {
  issue(ticket: NewTicket): Promise<void>;
  /**
   * Uses up a ticket of the member (by public id) for the purpose: unused, unexpired, and its
   * sign-in session still live. Undefined otherwise; of concurrent uses at most one succeeds.
   */
  redeem(publicId: string, purpose: TicketPurpose, ticketHash: string, now: number): Promise<RedeemedTicket | undefined>;
}

export function ticketsRepository(db: Kysely<Database>): TicketsRepository {
  return {
    async issue({ memberId, sessionTokenHash, purpose, ticketHash, now, expiresAt }) {
      await db
        .insertInto('sso_tickets')
        .values({
          member_id: memberId,
          session_token_hash: sessionTokenHash,
          purpose,
          ticket_hash: ticketHash,
          created_at: now,
          expires_at: expiresAt,
        })
        .execute();
    },

    async redeem(publicId, purpose, ticketHash, now) {
      const ticket = await db
        .selectFrom('sso_tickets')
        .innerJoin('members', 'members.id', 'sso_tickets.member_id')
        .innerJoin('member_tokens', 'member_tokens.token_hash', 'sso_tickets.session_token_hash')
        .select(['sso_tickets.id as ticketId', 'sso_tickets.session_token_hash as sessionTokenHash'])
        .where('sso_tickets.ticket_hash', '=', ticketHash)
        .where('sso_tickets.purpose', '=', purpose)
        .where('members.public_id', '=', publicId)
        .where('sso_tickets.used_at', 'is', null)
        .where('sso_tickets.expires_at', '>', now)
        .where('member_tokens.revoked_at', 'is', null)
        .where('member_tokens.expires_at', '>', now)
        .executeTakeFirst();
      if (!ticket) return undefined;
      const used = await db
        .updateTable('sso_tickets')
        .set({ used_at: now })
        .where('id', '=', ticket.ticketId)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      if (Number(used.numUpdatedRows) !== 1) return undefined;
      const member = await db.selectFrom('members').selectAll().where('public_id', '=', publicId).executeTakeFirst();
      return member ? { member, sessionTokenHash: ticket.sessionTokenHash } : undefined;
    },
  };
}
