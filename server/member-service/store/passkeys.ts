import type { Kysely } from 'kysely';
import type { Database, PasskeyRow } from './schema.ts';

interface NewPasskey {
  memberId: number;
  publicId: string;
  credentialId: string;
  publicKey: string;
  signCount: number;
  transports: string[];
  name: string;
  createdAt: number;
}

/** A member's passkeys. Every change names the member, so one member can never touch another's. */
export interface PasskeysRepository {
  /** False when the credential id is already registered (to anyone). */
  add(passkey: NewPasskey): Promise<boolean>;
  list(memberId: number): Promise<PasskeyRow[]>;
  rename(memberId: number, publicId: string, name: string): Promise<PasskeyRow | undefined>;
  remove(memberId: number, publicId: string): Promise<PasskeyRow | undefined>;
  /** The credential, unless disabled. */
  findByCredentialId(credentialId: string): Promise<PasskeyRow | undefined>;
  /** Takes the credential out of use for good (it stays on record, so the same credential cannot be added again); false when it already was. */
  disable(id: number, now: number): Promise<boolean>;
  /**
   * Records a verified use, only while the stored counter is still `seenCount`: two parallel
   * sign-ins with the same assertion cannot both pass. False when another use came first.
   */
  used(id: number, seenCount: number, newCount: number, now: number): Promise<boolean>;
}

export function passkeysRepository(db: Kysely<Database>): PasskeysRepository {
  const find = (memberId: number, publicId: string) =>
    db
      .selectFrom('passkey_credentials')
      .selectAll()
      .where('member_id', '=', memberId)
      .where('public_id', '=', publicId)
      .where('disabled_at', 'is', null)
      .executeTakeFirst();
  return {
    async add(passkey) {
      const result = await db
        .insertInto('passkey_credentials')
        .values({
          member_id: passkey.memberId,
          public_id: passkey.publicId,
          credential_id: passkey.credentialId,
          public_key: passkey.publicKey,
          sign_count: passkey.signCount,
          transports: JSON.stringify(passkey.transports),
          name: passkey.name,
          created_at: passkey.createdAt,
          last_used_at: null,
          disabled_at: null,
        })
        .onConflict((conflict) => conflict.column('credential_id').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    list: (memberId) =>
      db
        .selectFrom('passkey_credentials')
        .selectAll()
        .where('member_id', '=', memberId)
        .where('disabled_at', 'is', null)
        .orderBy('id')
        .execute(),

    async rename(memberId, publicId, name) {
      await db
        .updateTable('passkey_credentials')
        .set({ name })
        .where('member_id', '=', memberId)
        .where('public_id', '=', publicId)
        .execute();
      return find(memberId, publicId);
    },

    async remove(memberId, publicId) {
      const row = await find(memberId, publicId);
      if (row) await db.deleteFrom('passkey_credentials').where('id', '=', row.id).execute();
      return row;
    },

    findByCredentialId: (credentialId) =>
      db
        .selectFrom('passkey_credentials')
        .selectAll()
        .where('credential_id', '=', credentialId)
        .where('disabled_at', 'is', null)
        .executeTakeFirst(),

    async disable(id, now) {
      const result = await db
        .updateTable('passkey_credentials')
        .set({ disabled_at: now })
        .where('id', '=', id)
        .where('disabled_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async used(id, seenCount, newCount, now) {
      const result = await db
        .updateTable('passkey_credentials')
        .set({ sign_count: newCount, last_used_at: now })
        .where('id', '=', id)
        .where('sign_count', '=', seenCount)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}
