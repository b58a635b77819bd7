import type { Kysely } from 'kysely';
import { MemberStatus } from '../../../shared/enums.ts';
import { dropUnprovenAccess } from './mailbox-proof.ts';
import { queueMessages, type MessageDraft } from './outgoing-messages.ts';
import type { Database } from './schema.ts';
import { lastOwnSignInBefore, removeWaysInAddedSince } from './ways-in.ts';

interface PasswordChange {
  memberId: number;
  passwordHash: string;
  now: number;
  /**
   * The session token the change was made with (a signed-in change): it stays valid, and the
   * ways in added since the member's own last sign-in before this session go (store/ways-in.ts).
   */
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

/**
 * A member who changes the password while signed in may be shutting an intruder out: whatever
 * way in (social link, passkey, proven phone) was added since the member's own last sign-in
 * before the current session may be the intruder's, and goes with the old password. The member
 * adds their own again after a fresh sign-in; the password-changed mail says so.
 */
async function removeWaysInAddedSinceOwnSignIn(trx: Kysely<Database>, memberId: number, sessionTokenHash: string): Promise<void> {
  const session = await trx.selectFrom('member_tokens').select('created_at').where('token_hash', '=', sessionTokenHash).executeTakeFirst();
  if (!session) return;
  await removeWaysInAddedSince(trx, memberId, await lastOwnSignInBefore(trx, memberId, Number(session.created_at)));
}

export function passwordChangesRepository(db: Kysely<Database>): PasswordChangesRepository {
  return {
    async change({ memberId, passwordHash, now, keepSessionTokenHash, throughMailedLink, messages = [] }) {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('members')
          .set({
            password_hash: passwordHash,
            password_changed_at: now,
            password_reminded_at: null,
            password_unconfirmed: 0,
            updated_at: now,
          })
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
        if (keepSessionTokenHash) await removeWaysInAddedSinceOwnSignIn(trx, memberId, keepSessionTokenHash);
        // A "This wasn't me" link mailed before the change would undo what the member sets up after it.
        await trx.updateTable('security_events').set({ not_me_token_hash: null }).where('member_id', '=', memberId).execute();
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
