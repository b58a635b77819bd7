import type { Kysely } from 'kysely';
import { MemberStatus } from '../../../shared/enums.ts';
import { queueMessages, type MessageDraft } from './outgoing-messages.ts';
import type { Database, MemberRow } from './schema.ts';

/** The annual password reminder: who is due, and claiming one member's reminder. */
export interface PasswordRemindersRepository {
  /** Members whose password was last set at or before `cutoff` and who were not reminded since. */
  due(cutoff: number, limit: number): Promise<MemberRow[]>;
  /** Claims the reminder of one member and queues its mail in one transaction: true for exactly one caller across instances. */
  claim(member: MemberRow, now: number, messages: readonly MessageDraft[]): Promise<boolean>;
}

const REMINDABLE: number[] = [MemberStatus.Active, MemberStatus.PasswordExpired];

export function passwordRemindersRepository(db: Kysely<Database>): PasswordRemindersRepository {
  return {
    async due(cutoff, limit) {
      return db
        .selectFrom('members')
        .selectAll()
        .where('password_hash', 'is not', null)
        .where('password_changed_at', '<=', cutoff)
        .where('status', 'in', REMINDABLE)
        .where('delete_date', 'is', null)
        .where((eb) => eb.or([eb('password_reminded_at', 'is', null), eb('password_reminded_at', '<', eb.ref('password_changed_at'))]))
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    async claim(member, now, messages) {
      return db.transaction().execute(async (trx) => {
        const claimed = await trx
          .updateTable('members')
          .set({ password_reminded_at: now })
          .where('id', '=', member.id)
          .where('password_changed_at', '=', member.password_changed_at)
          .where((eb) => eb.or([eb('password_reminded_at', 'is', null), eb('password_reminded_at', '<', eb.ref('password_changed_at'))]))
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) !== 1) return false;
        await queueMessages(trx, member.id, messages, now);
        return true;
      });
    },
  };
}
