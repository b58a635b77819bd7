import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

interface ClaimOptions {
  /** Claim only when the job's next run is due (scheduled runs); a forced run ignores the schedule. */
  dueOnly: boolean;
}

/**
 * One row per periodic job: who holds it until when, and when it is next due. Claiming is a
 * single conditional UPDATE, so among several member-service instances exactly one wins.
 */
export interface JobLeasesRepository {
  /** True when `holder` now holds the job's lease until `leaseUntil`. */
  claim(name: string, holder: string, now: number, leaseUntil: number, options: ClaimOptions): Promise<boolean>;
  /** Gives the lease back and schedules the next run; does nothing if the lease was lost meanwhile. */
  release(name: string, holder: string, nextRunAt: number): Promise<void>;
}

export function jobLeasesRepository(db: Kysely<Database>): JobLeasesRepository {
  return {
    async claim(name, holder, now, leaseUntil, { dueOnly }) {
      await db
        .insertInto('job_leases')
        .values({ name, holder: '', lease_until: 0, next_run_at: 0 })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      let claim = db
        .updateTable('job_leases')
        .set({ holder, lease_until: leaseUntil })
        .where('name', '=', name)
        .where('lease_until', '<=', now);
      if (dueOnly) claim = claim.where('next_run_at', '<=', now);
      const result = await claim.executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async release(name, holder, nextRunAt) {
      await db
        .updateTable('job_leases')
        .set({ holder: '', lease_until: 0, next_run_at: nextRunAt })
        .where('name', '=', name)
        .where('holder', '=', holder)
        .execute();
    },
  };
}
