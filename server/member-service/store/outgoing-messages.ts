import type { Kysely } from 'kysely';
import type { Database, OutgoingMessageRow } from './schema.ts';

/** A message to queue for a member: what to send and until when it is worth sending. */
export interface MessageDraft {
  kind: string;
  /** '' or a name shared by messages of which only the newest matters (a code, a link). */
  topic: string;
  params: Record<string, string | number>;
  deliverBy: number;
}

interface FailedAttempt {
  attempts: number;
  error: string;
}

interface QueueStats {
  /** Messages waiting to be sent (not given up). */
  depth: number;
  /** When the oldest of them was queued; undefined when none waits. */
  oldestQueuedAt?: number;
}

/**
 * The outgoing message queue. Every change of a row after it is queued is conditional on the
 * claim of the instance making it, and claiming is a single conditional UPDATE: among any number
 * of member-service instances exactly one attempts a message at a time, so it is sent once.
 */
export interface OutgoingMessagesRepository {
  /** Queues messages for a member in one transaction; returns their ids. */
  queue(memberId: number, drafts: readonly MessageDraft[], now: number): Promise<number[]>;
  /** Queued messages due at `now` and claimed by nobody, with ids above `afterId`, oldest first. */
  due(now: number, afterId: number, limit: number): Promise<OutgoingMessageRow[]>;
  /** Claims a due message for `claimant` until `until`; undefined when another instance has it or it is not due. */
  claim(id: number, claimant: string, now: number, until: number): Promise<OutgoingMessageRow | undefined>;
  /** Whether the member has a message of the same (non-empty) topic queued after this one: then this one is superseded. */
  superseded(message: OutgoingMessageRow): Promise<boolean>;
  /** Removes a message that was sent (or no longer applies). */
  finish(id: number, claimant: string): Promise<void>;
  /** Gives the claim back with the next attempt's time. */
  retryAt(id: number, claimant: string, nextAttemptAt: number, failure: FailedAttempt): Promise<void>;
  /** Stops trying; the row stays, state 'failed', for operators. */
  giveUp(id: number, claimant: string, failure: FailedAttempt): Promise<void>;
  stats(): Promise<QueueStats>;
  /** Forgets given-up messages queued before `before`. */
  forgetFailedBefore(before: number): Promise<void>;
}

const ERROR_TEXT_MAX = 500;

/**
 * Queues messages inside the caller's transaction, so that a message exists exactly when what
 * caused it was committed. A draft with a topic replaces the member's queued, unclaimed messages
 * of that topic: only the newest code or link is worth sending.
 */
export async function queueMessages(
  trx: Kysely<Database>,
  memberId: number,
  drafts: readonly MessageDraft[],
  now: number,
): Promise<number[]> {
  const ids: number[] = [];
  for (const draft of drafts) {
    if (draft.topic !== '') {
      await trx
        .deleteFrom('outgoing_messages')
        .where('member_id', '=', memberId)
        .where('topic', '=', draft.topic)
        .where('state', '=', 'queued')
        .where('claimed_until', '<=', now)
        .execute();
    }
    const row = await trx
      .insertInto('outgoing_messages')
      .values({
        member_id: memberId,
        kind: draft.kind,
        topic: draft.topic,
        params: JSON.stringify(draft.params),
        state: 'queued',
        attempts: 0,
        next_attempt_at: now,
        deliver_by: draft.deliverBy,
        claimed_by: '',
        claimed_until: 0,
        created_at: now,
        last_error: '',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return ids;
}

export function outgoingMessagesRepository(db: Kysely<Database>): OutgoingMessagesRepository {
  const mine = (id: number, claimant: string) =>
    db.updateTable('outgoing_messages').where('id', '=', id).where('claimed_by', '=', claimant);

  return {
    queue: (memberId, drafts, now) => db.transaction().execute((trx) => queueMessages(trx, memberId, drafts, now)),

    async due(now, afterId, limit) {
      return db
        .selectFrom('outgoing_messages')
        .selectAll()
        .where('state', '=', 'queued')
        .where('next_attempt_at', '<=', now)
        .where('claimed_until', '<=', now)
        .where('id', '>', afterId)
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    async claim(id, claimant, now, until) {
      return db
        .updateTable('outgoing_messages')
        .set({ claimed_by: claimant, claimed_until: until })
        .where('id', '=', id)
        .where('state', '=', 'queued')
        .where('next_attempt_at', '<=', now)
        .where('claimed_until', '<=', now)
        .returningAll()
        .executeTakeFirst();
    },

    async superseded({ id, member_id, topic }) {
      if (topic === '') return false;
      const newer = await db
        .selectFrom('outgoing_messages')
        .select('id')
        .where('member_id', '=', member_id)
        .where('topic', '=', topic)
        .where('state', '=', 'queued')
        .where('id', '>', id)
        .executeTakeFirst();
      return newer !== undefined;
    },

    async finish(id, claimant) {
      await db.deleteFrom('outgoing_messages').where('id', '=', id).where('claimed_by', '=', claimant).execute();
    },

    async retryAt(id, claimant, nextAttemptAt, { attempts, error }) {
      await mine(id, claimant)
        .set({ attempts, next_attempt_at: nextAttemptAt, claimed_by: '', claimed_until: 0, last_error: error.slice(0, ERROR_TEXT_MAX) })
        .execute();
    },

    async giveUp(id, claimant, { attempts, error }) {
      await mine(id, claimant)
        .set({ state: 'failed', attempts, claimed_by: '', claimed_until: 0, last_error: error.slice(0, ERROR_TEXT_MAX) })
        .execute();
    },

    async stats() {
      const row = await db
        .selectFrom('outgoing_messages')
        .select((eb) => [eb.fn.countAll<number | string>().as('depth'), eb.fn.min('created_at').as('oldest')])
        .where('state', '=', 'queued')
        .executeTakeFirstOrThrow();
      const oldest = row.oldest === null ? undefined : Number(row.oldest);
      return { depth: Number(row.depth), ...(oldest === undefined ? {} : { oldestQueuedAt: oldest }) };
    },

    async forgetFailedBefore(before) {
      await db.deleteFrom('outgoing_messages').where('state', '=', 'failed').where('created_at', '<', before).execute();
    },
  };
}
