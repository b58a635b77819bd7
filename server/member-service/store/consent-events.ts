import type { Kysely } from 'kysely';
import type { ConsentEventRow, Database } from './schema.ts';

interface ConsentEvent {
  consent: string;
  given: boolean;
  policyVersion: string;
  /** Where the change was made, e.g. 'my-account'. */
  source: string;
  at: number;
}

/** The history of consent changes after registration (registration's own answers are in `consents`). */
export interface ConsentEventsRepository {
  record(memberId: number, event: ConsentEvent): Promise<void>;
  list(memberId: number): Promise<ConsentEventRow[]>;
}

export function consentEventsRepository(db: Kysely<Database>): ConsentEventsRepository {
  return {
    async record(memberId, event) {
      await db
        .insertInto('consent_events')
        .values({
          member_id: memberId,
          consent: event.consent,
          given: event.given ? 1 : 0,
          policy_version: event.policyVersion,
          source: event.source,
          changed_at: event.at,
        })
        .execute();
    },
    list: (memberId) => db.selectFrom('consent_events').selectAll().where('member_id', '=', memberId).orderBy('id').execute(),
  };
}
