import type { Kysely } from 'kysely';
import { MemberStatus } from '../../../shared/enums.ts';
import { dropUnprovenAccess } from './mailbox-proof.ts';
import { queueMessages, type MessageDraft } from './outgoing-messages.ts';
import type { Database, MemberRow, PasswordResetTokenRow } from './schema.ts';

/**
 * What a mailed password link is for: `reset` links lead to the change-password screen (forgot
 * password, and the annual reminder's 'change it now'); `keep` links confirm the current password
 * for another year (the annual reminder's 'keep it').
 */
export type PasswordLinkPurpose = 'reset' | 'keep';

export interface IssuedLink {
  memberId: number;
  tokenHash: string;
  purpose: PasswordLinkPurpose;
  /** Why the reset was asked for, shown on the change-password screen: 'forgot' or 'annual'. */
  reason: string;
  returnUrl: string;
  now: number;
  expiresAt: number;
}

export interface ValidLink {
  token: PasswordResetTokenRow;
  member: MemberRow;
}

export interface PasswordChange {
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

/**
 * Mailed password links (hashes only; single use, expiring, the newest of a purpose superseding
 * the older ones) and the password change itself, which ends the member's other sessions and
 * every outstanding link in the same transaction.
 */
export interface PasswordResetsRepository {
  issue(link: IssuedLink): Promise<void>;
  /** The link and its member when the link is unused, not superseded and not expired. */
  findValid(tokenHash: string, purpose: PasswordLinkPurpose, now: number): Promise<ValidLink | undefined>;
  /** Uses a link once: true for exactly one caller. */
  consume(tokenId: number, now: number): Promise<boolean>;
  changePassword(change: PasswordChange): Promise<void>;
  /** Restarts the one-year clock of the current password (the 'keep it' answer to the reminder). */
  keepPassword(memberId: number, now: number): Promise<void>;
  /** Members whose password was last set at or before `cutoff` and who were not reminded since. */
  dueForReminder(cutoff: number, limit: number): Promise<MemberRow[]>;
  /** Claims the reminder of one member and queues its mail in one transaction: true for exactly one caller across instances. */
  claimReminder(member: MemberRow, now: number, messages: readonly MessageDraft[]): Promise<boolean>;
}

const REMINDABLE: number[] = [MemberStatus.Active, MemberStatus.PasswordExpired];

export function passwordResetsRepository(db: Kysely<Database>): PasswordResetsRepository {
  return {
    async issue(link) {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('password_reset_tokens')
          .set({ superseded_at: link.now })
          .where('member_id', '=', link.memberId)
          .where('purpose', '=', link.purpose)
          .where('used_at', 'is', null)
          .where('superseded_at', 'is', null)
          .execute();
        await trx
          .insertInto('password_reset_tokens')
          .values({
            member_id: link.memberId,
            token_hash: link.tokenHash,
            purpose: link.purpose,
            reason: link.reason,
            return_url: link.returnUrl,
            created_at: link.now,
            expires_at: link.expiresAt,
          })
          .execute();
      });
    },

    async findValid(tokenHash, purpose, now) {
      const token = await db
        .selectFrom('password_reset_tokens')
        .selectAll()
        .where('token_hash', '=', tokenHash)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .where('superseded_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      if (!token) return undefined;
      const member = await db.selectFrom('members').selectAll().where('id', '=', token.member_id).executeTakeFirst();
      return member ? { token, member } : undefined;
    },

    async consume(tokenId, now) {
      // The conditions sit in the update itself so that two concurrent uses cannot both succeed.
      const used = await db
        .updateTable('password_reset_tokens')
        .set({ used_at: now })
        .where('id', '=', tokenId)
        .where('used_at', 'is', null)
        .where('superseded_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return Number(used.numUpdatedRows) === 1;
    },

    async changePassword({ memberId, passwordHash, now, keepSessionTokenHash, throughMailedLink, messages = [] }) {
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

    async keepPassword(memberId, now) {
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

    async dueForReminder(cutoff, limit) {
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

    async claimReminder(member, now, messages) {
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
