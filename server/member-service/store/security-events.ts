import type { Kysely } from 'kysely';
import type { Database, SecurityEventRow } from './schema.ts';
import { endEveryWayIn } from './ways-in.ts';

interface NewSecurityEvent {
  memberId: number;
  publicId: string;
  type: string;
  at: number;
  device: string;
  ipPrefix: string;
  method: string;
  notMeTokenHash?: string;
}

/** The member's security activity, newest first, and the way to disown an event. */
export interface SecurityEventsRepository {
  record(event: NewSecurityEvent): Promise<void>;
  /** Up to `limit` of the member's events older than the event `before` (by public id), newest first. */
  page(memberId: number, before: string | undefined, limit: number): Promise<SecurityEventRow[]>;
  /** Whether the member has any event of the type. */
  hasAny(memberId: number, type: string): Promise<boolean>;
  /** The member's own event by public id; another member's id finds nothing. */
  find(memberId: number, publicId: string): Promise<SecurityEventRow | undefined>;
  /** The event of a mail link: its public id and the hash of the link's token must both match. */
  findByLink(publicId: string, tokenHash: string): Promise<SecurityEventRow | undefined>;
  /** Sets (or with null voids: the link works once) the token hash of the event's mail link. */
  setLinkToken(eventId: number, tokenHash: string | null): Promise<void>;
  /**
   * Ends everything the member is signed in with, or could sign in with without the password:
   * every member token, and with them every ticket (a ticket is redeemable only while its token
   * lives; unused ones are marked used as well), and every passkey.
   */
  endEverything(memberId: number, now: number): Promise<void>;
}

export function securityEventsRepository(db: Kysely<Database>): SecurityEventsRepository {
  return {
    async record(event) {
      await db
        .insertInto('security_events')
        .values({
          member_id: event.memberId,
          public_id: event.publicId,
          type: event.type,
          at: event.at,
          device: event.device,
          ip_prefix: event.ipPrefix,
          method: event.method,
          not_me_token_hash: event.notMeTokenHash ?? null,
        })
        .execute();
    },

    async page(memberId, before, limit) {
      let query = db.selectFrom('security_events').selectAll().where('member_id', '=', memberId);
      if (before !== undefined) {
        const cursor = await this.find(memberId, before);
        if (!cursor) return [];
        query = query.where('id', '<', cursor.id);
      }
      return query.orderBy('id', 'desc').limit(limit).execute();
    },

    async hasAny(memberId, type) {
      const row = await db
        .selectFrom('security_events')
        .select('id')
        .where('member_id', '=', memberId)
        .where('type', '=', type)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    find: (memberId, publicId) =>
      db.selectFrom('security_events').selectAll().where('member_id', '=', memberId).where('public_id', '=', publicId).executeTakeFirst(),

    findByLink: (publicId, tokenHash) =>
      db
        .selectFrom('security_events')
        .selectAll()
        .where('public_id', '=', publicId)
        .where('not_me_token_hash', '=', tokenHash)
        .executeTakeFirst(),

    async setLinkToken(eventId, tokenHash) {
      await db.updateTable('security_events').set({ not_me_token_hash: tokenHash }).where('id', '=', eventId).execute();
    },

    async endEverything(memberId, now) {
      await db.transaction().execute((trx) => endEveryWayIn(trx, memberId, now));
    },
  };
}
