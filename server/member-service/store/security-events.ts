import type { Kysely } from 'kysely';
import { SECURITY_EVENTS_KEPT_DAYS, SECURITY_EVENTS_KEPT_PER_MEMBER } from '../../../shared/limits.ts';
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
}

/** The member's security activity, newest first, and the way to disown an event. */
export interface SecurityEventsRepository {
  /** Adds the event and lets go of the member's events older than a year or beyond the newest SECURITY_EVENTS_KEPT_PER_MEMBER. */
  record(event: NewSecurityEvent): Promise<void>;
  /** Up to `limit` of the member's events older than the event `before` (by public id), newest first. */
  page(memberId: number, before: string | undefined, limit: number): Promise<SecurityEventRow[]>;
  /** Whether the member has an event of the type older than the event with row id `eventId`. */
  hasEarlier(memberId: number, type: string, eventId: number): Promise<boolean>;
  /** The member's oldest event of the type at or after `at`. */
  firstSince(memberId: number, type: string, at: number): Promise<SecurityEventRow | undefined>;
  /** The member's own event by public id; another member's id finds nothing. */
  find(memberId: number, publicId: string): Promise<SecurityEventRow | undefined>;
  /** The event of a mail link still valid at `now`: its public id and the hash of the link's token must both match. */
  findByLink(publicId: string, tokenHash: string, now: number): Promise<SecurityEventRow | undefined>;
  /** Sets the token hash of the event's mail link, valid until `expiresAt` (a newer mail about the event replaces it). */
  setLinkToken(eventId: number, tokenHash: string, expiresAt: number): Promise<void>;
  /**
   * "This wasn't me" about `event`: every member token, and with them every ticket, ends; every
   * way in added since the member's own last sign-in before the event goes (store/ways-in.ts);
   * and every "This wasn't me" link of the member stops working, this one included.
   */
  endEverything(event: SecurityEventRow, now: number): Promise<void>;
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
        })
        .execute();
      // Kept bounded where it grows: anyone who knows the address can add failed sign-ins.
      const oldestKept = await db
        .selectFrom('security_events')
        .select('id')
        .where('member_id', '=', event.memberId)
        .orderBy('id', 'desc')
        .offset(SECURITY_EVENTS_KEPT_PER_MEMBER - 1)
        .limit(1)
        .executeTakeFirst();
      const yearAgo = event.at - SECURITY_EVENTS_KEPT_DAYS * 24 * 60 * 60 * 1000;
      await db
        .deleteFrom('security_events')
        .where('member_id', '=', event.memberId)
        .where((eb) => eb.or([eb('at', '<', yearAgo), ...(oldestKept ? [eb('id', '<', oldestKept.id)] : [])]))
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

    async hasEarlier(memberId, type, eventId) {
      const row = await db
        .selectFrom('security_events')
        .select('id')
        .where('member_id', '=', memberId)
        .where('type', '=', type)
        .where('id', '<', eventId)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    firstSince: (memberId, type, at) =>
      db
        .selectFrom('security_events')
        .selectAll()
        .where('member_id', '=', memberId)
        .where('type', '=', type)
        .where('at', '>=', at)
        .orderBy('id', 'asc')
        .limit(1)
        .executeTakeFirst(),

    find: (memberId, publicId) =>
      db.selectFrom('security_events').selectAll().where('member_id', '=', memberId).where('public_id', '=', publicId).executeTakeFirst(),

    findByLink: (publicId, tokenHash, now) =>
      db
        .selectFrom('security_events')
        .selectAll()
        .where('public_id', '=', publicId)
        .where('not_me_token_hash', '=', tokenHash)
        .where('not_me_expires_at', '>', now)
        .executeTakeFirst(),

    async setLinkToken(eventId, tokenHash, expiresAt) {
      await db
        .updateTable('security_events')
        .set({ not_me_token_hash: tokenHash, not_me_expires_at: expiresAt })
        .where('id', '=', eventId)
        .execute();
    },

    async endEverything(event, now) {
      await db.transaction().execute(async (trx) => {
        await endEveryWayIn(trx, event.member_id, now, Number(event.at));
        await trx.updateTable('security_events').set({ not_me_token_hash: null }).where('member_id', '=', event.member_id).execute();
      });
    },
  };
}
