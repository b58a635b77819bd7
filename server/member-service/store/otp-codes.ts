import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.ts';

interface NewOtpCode {
  memberId: number;
  /** What the code is for ('login'); a code of one flow never works for another. */
  flow: string;
  /** Delivery: 1 e-mail, 2 phone. */
  channel: number;
  codeHash: string;
  now: number;
  expiresAt: number;
}

/**
 * The result of checking a code: `ok` (used up now), `wrong`, `expired`, or `no-longer-valid`
 * (an older code, one already used, or one given up after too many wrong tries). Only the code
 * itself learns that it expired or is no longer valid: any other guess is `wrong`, as it is for
 * an unknown account, so a guess tells nobody whether the account had a code.
 */
type OtpCheck = 'ok' | 'wrong' | 'expired' | 'no-longer-valid';

export interface OtpCodesRepository {
  /** Stores a new code; the member's earlier codes of the flow stop working. Returns its id. */
  issue(code: NewOtpCode): Promise<number>;
  /** Takes a code out of use (e.g. its delivery failed). */
  invalidate(id: number, now: number): Promise<void>;
  /** Checks a code against the member's newest code of the flow; at most `maxAttempts` checks per code. */
  check(memberId: number, flow: string, codeHash: string, now: number, maxAttempts: number): Promise<OtpCheck>;
  /** Where the member's newest code of the flow was sent (OtpVerifyType), once it is used; undefined otherwise. */
  usedChannel(memberId: number, flow: string): Promise<number | undefined>;
}

export function otpCodesRepository(db: Kysely<Database>): OtpCodesRepository {
  const matchesOlder = async (memberId: number, flow: string, codeHash: string, latestId: number) =>
    (await db
      .selectFrom('otp_codes')
      .select('id')
      .where('member_id', '=', memberId)
      .where('flow', '=', flow)
      .where('code_hash', '=', codeHash)
      .where('id', '<', latestId)
      .executeTakeFirst()) !== undefined;

  const invalidate = async (id: number, now: number) => {
    await db.updateTable('otp_codes').set({ invalidated_at: now }).where('id', '=', id).where('invalidated_at', 'is', null).execute();
  };

  return {
    async issue({ memberId, flow, channel, codeHash, now, expiresAt }) {
      return db.transaction().execute(async (trx) => {
        await trx
          .updateTable('otp_codes')
          .set({ invalidated_at: now })
          .where('member_id', '=', memberId)
          .where('flow', '=', flow)
          .where('used_at', 'is', null)
          .where('invalidated_at', 'is', null)
          .execute();
        const row = await trx
          .insertInto('otp_codes')
          .values({ member_id: memberId, flow, channel, code_hash: codeHash, attempts: 0, created_at: now, expires_at: expiresAt })
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id;
      });
    },

    invalidate,

    async usedChannel(memberId, flow) {
      const latest = await db
        .selectFrom('otp_codes')
        .select(['channel', 'used_at'])
        .where('member_id', '=', memberId)
        .where('flow', '=', flow)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return latest?.used_at == null ? undefined : latest.channel;
    },

    async check(memberId, flow, codeHash, now, maxAttempts) {
      const latest = await db
        .selectFrom('otp_codes')
        .selectAll()
        .where('member_id', '=', memberId)
        .where('flow', '=', flow)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (!latest) return 'wrong';
      if (latest.used_at !== null || latest.invalidated_at !== null) {
        return latest.code_hash === codeHash || (await matchesOlder(memberId, flow, codeHash, latest.id)) ? 'no-longer-valid' : 'wrong';
      }
      if (latest.expires_at <= now) return latest.code_hash === codeHash ? 'expired' : 'wrong';

      // Every check takes one of the code's attempts before comparing, in one conditional
      // update, so that parallel guesses cannot get more than maxAttempts comparisons.
      const reserved = await db
        .updateTable('otp_codes')
        .set({ attempts: sql<number>`attempts + 1` })
        .where('id', '=', latest.id)
        .where('attempts', '<', maxAttempts)
        .where('used_at', 'is', null)
        .where('invalidated_at', 'is', null)
        .returning('attempts')
        .executeTakeFirst();
      if (!reserved) return 'no-longer-valid';

      if (latest.code_hash === codeHash) {
        const used = await db
          .updateTable('otp_codes')
          .set({ used_at: now })
          .where('id', '=', latest.id)
          .where('used_at', 'is', null)
          .where('invalidated_at', 'is', null)
          .executeTakeFirst();
        return Number(used.numUpdatedRows) === 1 ? 'ok' : 'no-longer-valid';
      }
      if (reserved.attempts >= maxAttempts) await invalidate(latest.id, now);
      return (await matchesOlder(memberId, flow, codeHash, latest.id)) ? 'no-longer-valid' : 'wrong';
    },
  };
}
