import { sql, type Kysely } from 'kysely';
import { MEMBER_OWNED_TABLES } from './member-owned-tables.ts';
import { queueMessages, type MessageDraft } from './outgoing-messages.ts';
import type { Database, MemberRow } from './schema.ts';

/** Pending deletion (a delete date on the member) and the purge once that date has passed. */
export interface AccountDeletionRepository {
  /**
   * Sets the permanent deletion date unless one is set already, queueing `messages` (the
   * confirmation) in the same transaction only when it did; the member as it is afterwards.
   */
  request(memberId: number, deleteAt: number, now: number, messages?: readonly MessageDraft[]): Promise<MemberRow | undefined>;
  /** Clears the deletion date; the member as it is afterwards. */
  restore(memberId: number, now: number): Promise<MemberRow | undefined>;
  /** Ids of members whose deletion date is at or before `now`, oldest first. */
  due(now: number, limit: number): Promise<number[]>;
  /**
   * Deletes the member and every row of MEMBER_OWNED_TABLES that belongs to it, in one
   * transaction, only if its deletion date is still due (a restore in between wins).
   */
  purge(memberId: number, now: number): Promise<boolean>;
}

export function accountDeletionRepository(db: Kysely<Database>): AccountDeletionRepository {
  return {
    async request(memberId, deleteAt, now, messages = []) {
      return db.transaction().execute(async (trx) => {
        const set = await trx
          .updateTable('members')
          .set({ delete_date: deleteAt, updated_at: now })
          .where('id', '=', memberId)
          .where('delete_date', 'is', null)
          .executeTakeFirst();
        if (Number(set.numUpdatedRows) === 1) await queueMessages(trx, memberId, messages, now);
        return trx.selectFrom('members').selectAll().where('id', '=', memberId).executeTakeFirst();
      });
    },

    async restore(memberId, now) {
      return db
        .updateTable('members')
        .set({ delete_date: null, updated_at: now })
        .where('id', '=', memberId)
        .returningAll()
        .executeTakeFirst();
    },

    async due(now, limit) {
      const rows = await db
        .selectFrom('members')
        .select('id')
        .where('delete_date', 'is not', null)
        .where('delete_date', '<=', now)
        .orderBy('delete_date')
        .limit(limit)
        .execute();
      return rows.map((row) => row.id);
    },

    async purge(memberId, now) {
      return db.transaction().execute(async (trx) => {
        const member = await trx
          .selectFrom('members')
          .select('id')
          .where('id', '=', memberId)
          .where('delete_date', 'is not', null)
          .where('delete_date', '<=', now)
          .executeTakeFirst();
        if (!member) return false;
        for (const table of MEMBER_OWNED_TABLES) {
          await sql`delete from ${sql.table(table)} where member_id = ${memberId}`.execute(trx);
        }
        await trx.deleteFrom('members').where('id', '=', memberId).execute();
        return true;
      });
    },
  };
}
