import { sql, type Kysely } from 'kysely';
import { MemberStatus } from '../../../shared/enums.ts';
import { MEMBER_OWNED_TABLES } from './member-owned-tables.ts';
import { queueMessages, type MessageDraft } from './outgoing-messages.ts';
import type { Database, MemberRow, MemberRowUpdate, NewMemberRow } from './schema.ts';

interface ConsentInput {
  consent: string;
  policyVersion: string;
}

export interface SocialLinkInput {
  socialType: number;
  socialId: string;
  socialEmail: string;
  socialName: string;
}

interface Registration {
  member: NewMemberRow;
  consents: ConsentInput[];
  social?: SocialLinkInput;
  /** Queued with the member, in the same transaction (the verification mail). */
  messages?: readonly MessageDraft[];
  /** The id of a registration of the same address that was never activated: it is discarded first. */
  replacing?: number;
}

type RegistrationResult = { member: MemberRow } | { conflict: 'email' | 'social' };

export interface MembersRepository {
  findById(id: number): Promise<MemberRow | undefined>;
  findByEmail(email: string): Promise<MemberRow | undefined>;
  findByPublicId(publicId: string): Promise<MemberRow | undefined>;
  /** Creates the member with its consents, social link and messages, all or nothing. */
  register(registration: Registration): Promise<RegistrationResult>;
  update(id: number, changes: MemberRowUpdate): Promise<MemberRow | undefined>;
}

/** Unique-key violations of both engines (PostgreSQL 23505, SQLite SQLITE_CONSTRAINT_UNIQUE). */
function uniqueViolation(error: unknown): string | undefined {
  const e = error as { code?: string; constraint?: string; message?: string };
  if (e?.code === '23505') return e.constraint ?? 'unique';
  if (e?.code === 'SQLITE_CONSTRAINT_UNIQUE') return e.message ?? 'unique';
  return undefined;
}

/**
 * Discards a registration nobody activated, with everything tied to it (its mailed links among
 * them): re-registering the address replaces it. Whoever registered first proved nothing, so
 * nothing of theirs (password, details, links) may outlive the new registration. An account that
 * was activated in between is left alone, and the new registration then meets its address.
 */
async function discardPending(trx: Kysely<Database>, memberId: number): Promise<void> {
  const pending = await trx
    .selectFrom('members')
    .select('id')
    .where('id', '=', memberId)
    .where('status', '=', MemberStatus.Unverified)
    .executeTakeFirst();
  if (!pending) return;
  for (const table of MEMBER_OWNED_TABLES) await sql`delete from ${sql.table(table)} where member_id = ${memberId}`.execute(trx);
  await trx.deleteFrom('members').where('id', '=', memberId).execute();
}

export function membersRepository(db: Kysely<Database>): MembersRepository {
  const byColumn = (column: 'id' | 'email' | 'public_id', value: string | number) =>
    db.selectFrom('members').selectAll().where(column, '=', value).executeTakeFirst();

  return {
    findById: (id) => byColumn('id', id),
    findByEmail: (email) => byColumn('email', email),
    findByPublicId: (publicId) => byColumn('public_id', publicId),

    async register({ member, consents, social, messages = [], replacing }) {
      try {
        return await db.transaction().execute(async (trx) => {
          if (replacing !== undefined) await discardPending(trx, replacing);
          const taken = await trx.selectFrom('members').select('id').where('email', '=', member.email).executeTakeFirst();
          if (taken) return { conflict: 'email' as const };
          if (social) {
            const linked = await trx
              .selectFrom('social_links')
              .select('id')
              .where('social_type', '=', social.socialType)
              .where('social_id', '=', social.socialId)
              .executeTakeFirst();
            if (linked) return { conflict: 'social' as const };
          }
          const row = await trx.insertInto('members').values(member).returningAll().executeTakeFirstOrThrow();
          if (consents.length > 0) {
            await trx
              .insertInto('consents')
              .values(
                consents.map((c) => ({ member_id: row.id, consent: c.consent, policy_version: c.policyVersion, given_at: row.created_at })),
              )
              .execute();
          }
          if (social) {
            await trx
              .insertInto('social_links')
              .values({
                member_id: row.id,
                social_type: social.socialType,
                social_id: social.socialId,
                social_email: social.socialEmail,
                social_name: social.socialName,
                registered_at: row.created_at,
              })
              .execute();
          }
          await queueMessages(trx, row.id, messages, row.created_at);
          return { member: row };
        });
      } catch (error) {
        // Two registrations racing for the same address or social account: the loser sees a conflict.
        const violated = uniqueViolation(error) ?? '';
        if (violated.includes('email')) return { conflict: 'email' };
        if (violated.includes('social')) return { conflict: 'social' };
        throw error;
      }
    },

    async update(id, changes) {
      return db.updateTable('members').set(changes).where('id', '=', id).returningAll().executeTakeFirst();
    },
  };
}
