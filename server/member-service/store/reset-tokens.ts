import type { Kysely } from 'kysely';
import type { Database, MemberRow, PasswordResetTokenRow } from './schema.ts';

/**
 * What a mailed password link is for: `reset` links lead to the change-password screen (forgot
 * password, and the annual reminder's 'change it now'); `keep` links confirm the current password
 * for another year (the annual reminder's 'keep it').
 */
export type PasswordLinkPurpose = 'reset' | 'keep';

interface IssuedLink {
  memberId: number;
  tokenHash: string;
  purpose: PasswordLinkPurpose;
  /** Why the reset was asked for, shown on the change-password screen: 'forgot' or 'annual'. */
  reason: string;
  returnUrl: string;
  now: number;
  expiresAt: number;
}

interface ValidLink {
  token: PasswordResetTokenRow;
  member: MemberRow;
}

/**
 * Mailed password links: hashes only; single use, expiring, the newest of a purpose superseding
 * the older ones. A password change ends every outstanding link (store/password-changes.ts).
 */
export interface ResetTokensRepository {
  issue(link: IssuedLink): Promise<void>;
  /** The link and its member when the link is unused, not superseded and not expired. */
  findValid(tokenHash: string, purpose: PasswordLinkPurpose, now: number): Promise<ValidLink | undefined>;
  /** Uses a link once: true for exactly one caller. */
  consume(tokenId: number, now: number): Promise<boolean>;
}

export function resetTokensRepository(db: Kysely<Database>): ResetTokensRepository {
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
  };
}
