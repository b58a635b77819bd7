import type { Kysely } from 'kysely';
import { MemberStatus } from '../../../shared/enums.ts';
import { dropUnprovenAccess } from './mailbox-proof.ts';
import { queueMessages, type MessageDraft } from './outgoing-messages.ts';
import type { Database } from './schema.ts';

interface PasswordChange {
  memberId: number;
  passwordHash: string;
  now: number;
  /** The session token the change was made with (a signed-in change): it stays valid. */
  keepSessionTokenHash?: string;
  /** Made through a mailed link: the mailbox is proven, and what it did not prove goes (store/mailbox-proof.ts). */
  throughMailedLink?: boolean;
  /** Queued in the change's transaction (the password-changed notice). */
  messages?: readonly MessageDraft[];
}

/** A member's password: set anew, or confirmed for another year. */
export interface PasswordChangesRepository {
  /** Sets the password and, in the same transaction, ends the member's other sessions and every outstanding mailed link. */
  change(change: PasswordChange): Promise<void>;
  /** Restarts the one-year clock of the current password (the 'keep it' answer to the reminder). */
  keep(memberId: number, now: number): Promise<void>;
}

export function passwordChangesRepository(db: Kysely<Database>): PasswordChangesRepository {
  return {
    async change({ memberId, passwordHash, now, keepSessionTokenHash, throughMailedLink, messages = [] }) {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('members')
          .set({ password_hash: passwordHash, password_changed_at: now, password_reminded_at: null, updated_at: now })
          .where('id', '=', memberId)
          .execute();
        // A forced change (first sign-in, expiry) is done once the password is new.
        await trx
          .updateTable('members')
          .set({ status: MemberStatus.Active })
          .where('id', '=', memberId)
          .where('status', 'in', [MemberStatus.MustChangePassword, MemberStatus.PasswordExpired])
          .execute();
        let sessions = trx
          .updateTable('member_tokens')
          .set({ revoked_at: now })
          .where('member_id', '=', memberId)
          .where('revoked_at', 'is', null);
        if (keepSessionTokenHash) sessions = sessions.where('token_hash', '!=', keepSessionTokenHash);
        await sessions.execute();
        await trx
          .updateTable('password_reset_tokens')
          .set({ superseded_at: now })
          .where('member_id', '=', memberId)
          .where('used_at', 'is', null)
          .where('superseded_at', 'is', null)
          .execute();
        if (throughMailedLink) await dropUnprovenAccess(trx, memberId, now);
        await queueMessages(trx, memberId, messages, now);
      });
    },

    async keep(memberId, now) {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('members')
          .set({ password_changed_at: now, password_reminded_at: null, updated_at: now })
          .where('id', '=', memberId)
          .execute();
        await trx
          .updateTable('members')
          .set({ status: MemberStatus.Active })
          .where('id', '=', memberId)
          .where('status', '=', MemberStatus.PasswordExpired)
          .execute();
      });
    },
  };
}
