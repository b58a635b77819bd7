import type { Kysely } from 'kysely';
import type { ConsentRow, Database, SocialLinkRow } from './schema.ts';

/** Read side of what registration records next to the member: consents given and social links. */
export interface ConsentsRepository {
  list(memberId: number): Promise<ConsentRow[]>;
}

export interface SocialLinksRepository {
  list(memberId: number): Promise<SocialLinkRow[]>;
}

export function consentsRepository(db: Kysely<Database>): ConsentsRepository {
  return {
    list: (memberId) => db.selectFrom('consents').selectAll().where('member_id', '=', memberId).orderBy('id').execute(),
  };
}

export function socialLinksRepository(db: Kysely<Database>): SocialLinksRepository {
  return {
    list: (memberId) => db.selectFrom('social_links').selectAll().where('member_id', '=', memberId).orderBy('id').execute(),
  };
}
