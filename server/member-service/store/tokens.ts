import type { Kysely } from 'kysely';
import { MemberStatus } from '../../../shared/enums.ts';
import { dropUnprovenAccess } from './mailbox-proof.ts';
import type { Database, MemberRow } from './schema.ts';
import type { SignInWay } from './ways-in.ts';

/** Opaque member session tokens, stored as hashes. */
export interface SessionTokensRepository {
  create(memberId: number, tokenHash: string, now: number, expiresAt: number, way?: SignInWay): Promise<void>;
  /** The member of a token that is neither expired nor revoked. */
  findMember(tokenHash: string, now: number): Promise<MemberRow | undefined>;
  revoke(tokenHash: string, now: number): Promise<boolean>;
}

type ActivationOutcome = 'activated' | 'already-active' | 'invalid';

/**
 * E-mail verification links: hashed, single use, expiring, the newest superseding older ones.
 * Using one proves the mailbox (store/mailbox-proof.ts).
 */
export interface ActivationTokensRepository {
  issue(memberId: number, tokenHash: string, now: number, expiresAt: number): Promise<void>;
  /**
   * Uses the link. `passwordConfirmed`: it was followed in the browser that registered, so a
   * password chosen at registration is the mailbox owner's; otherwise it needs a mailed code once.
   */
  consume(memberId: number, tokenHash: string, now: number, passwordConfirmed: boolean): Promise<ActivationOutcome>;
}

export function sessionTokensRepository(db: Kysely<Database>): SessionTokensRepository {
  return {
    async create(memberId, tokenHash, now, expiresAt, way) {
      await db
        .insertInto('member_tokens')
        .values({ member_id: memberId, token_hash: tokenHash, created_at: now, expires_at: expiresAt, way: way ?? '' })
        .execute();
    },
    async findMember(tokenHash, now) {
      return db
        .selectFrom('member_tokens')
        .innerJoin('members', 'members.id', 'member_tokens.member_id')
        .selectAll('members')
        .where('member_tokens.token_hash', '=', tokenHash)
        .where('member_tokens.revoked_at', 'is', null)
        .where('member_tokens.expires_at', '>', now)
        .executeTakeFirst();
    },
    async revoke(tokenHash, now) {
      const result = await db
        .updateTable('member_tokens')
        .set({ revoked_at: now })
        .where('token_hash', '=', tokenHash)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}

export function activationTokensRepository(db: Kysely<Database>): ActivationTokensRepository {
  return {
    async issue(memberId, tokenHash, now, expiresAt) {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('activation_tokens')
          .set({ superseded_at: now })
          .where('member_id', '=', memberId)
          .where('used_at', 'is', null)
          .where('superseded_at', 'is', null)
          .execute();
        await trx
          .insertInto('activation_tokens')
          .values({ member_id: memberId, token_hash: tokenHash, created_at: now, expires_at: expiresAt })
          .execute();
      });
    },

    async consume(memberId, tokenHash, now, passwordConfirmed) {
      return db.transaction().execute(async (trx) => {
        const token = await trx
          .selectFrom('activation_tokens')
          .selectAll()
          .where('member_id', '=', memberId)
          .where('token_hash', '=', tokenHash)
          .executeTakeFirst();
        if (!token) return 'invalid';
        const member = await trx.selectFrom('members').select('status').where('id', '=', memberId).executeTakeFirstOrThrow();
        if (member.status !== MemberStatus.Unverified) return 'already-active';
        // The conditions sit in the update itself so that two concurrent uses cannot both succeed.
        const used = await trx
          .updateTable('activation_tokens')
          .set({ used_at: now })
          .where('id', '=', token.id)
          .where('used_at', 'is', null)
          .where('superseded_at', 'is', null)
          .where('expires_at', '>', now)
          .executeTakeFirst();
        if (Number(used.numUpdatedRows) !== 1) return 'invalid';
        await trx
          .updateTable('members')
          .set({ status: MemberStatus.Active, updated_at: now })
          .where('id', '=', memberId)
          .where('status', '=', MemberStatus.Unverified)
          .execute();
        if (!passwordConfirmed) {
          await trx
            .updateTable('members')
            .set({ password_unconfirmed: 1 })
            .where('id', '=', memberId)
            .where('password_hash', 'is not', null)
            .execute();
        }
        await dropUnprovenAccess(trx, memberId, now);
        return 'activated';
      });
    },
  };
}
