import type { Kysely } from 'kysely';
import type { ConsentRow, Database, SocialLinkRow } from './schema.ts';
import type { SocialLinkInput } from './members.ts';

/** What registration records next to the member (consents given, social links) and later changes to them. */
export interface ConsentsRepository {
  list(memberId: number): Promise<ConsentRow[]>;
  add(memberId: number, consent: string, policyVersion: string, at: number): Promise<void>;
}

export interface SocialLinksRepository {
  list(memberId: number): Promise<SocialLinkRow[]>;
  findByIdentity(socialType: number, socialId: string): Promise<SocialLinkRow | undefined>;
  /**
   * Links the identity to the member, replacing the member's earlier link of the same type.
   * 'taken' when the identity belongs to another member (one identity, one member).
   */
  link(memberId: number, social: SocialLinkInput, at: number): Promise<'linked' | 'taken'>;
  /** Removes the member's link of that type; false when there was none. */
  unlink(memberId: number, socialType: number): Promise<boolean>;
}

export function consentsRepository(db: Kysely<Database>): ConsentsRepository {
  return {
    list: (memberId) => db.selectFrom('consents').selectAll().where('member_id', '=', memberId).orderBy('id').execute(),
    async add(memberId, consent, policyVersion, at) {
      await db.insertInto('consents').values({ member_id: memberId, consent, policy_version: policyVersion, given_at: at }).execute();
    },
  };
}

export function socialLinksRepository(db: Kysely<Database>): SocialLinksRepository {
  return {
    list: (memberId) => db.selectFrom('social_links').selectAll().where('member_id', '=', memberId).orderBy('id').execute(),

    findByIdentity: (socialType, socialId) =>
      db.selectFrom('social_links').selectAll().where('social_type', '=', socialType).where('social_id', '=', socialId).executeTakeFirst(),

    async link(memberId, social, at) {
      try {
        return await db.transaction().execute(async (trx) => {
          const owner = await trx
            .selectFrom('social_links')
            .select('member_id')
            .where('social_type', '=', social.socialType)
            .where('social_id', '=', social.socialId)
            .executeTakeFirst();
          if (owner && owner.member_id !== memberId) return 'taken' as const;
          await trx.deleteFrom('social_links').where('member_id', '=', memberId).where('social_type', '=', social.socialType).execute();
          await trx
            .insertInto('social_links')
            .values({
              member_id: memberId,
              social_type: social.socialType,
              social_id: social.socialId,
              social_email: social.socialEmail,
              social_name: social.socialName,
              registered_at: at,
            })
            .execute();
          return 'linked' as const;
        });
      } catch (error) {
        // Another member linked the same identity at the same moment: the unique key decides.
        const code = (error as { code?: string }).code;
        if (code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE') return 'taken';
        throw error;
      }
    },

    async unlink(memberId, socialType) {
      const result = await db
        .deleteFrom('social_links')
        .where('member_id', '=', memberId)
        .where('social_type', '=', socialType)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
