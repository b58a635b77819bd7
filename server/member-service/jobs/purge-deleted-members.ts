import type { PeriodicJob } from './runner.ts';

export const PURGE_JOB_NAME = 'purge-deleted-members';
const HOUR_MS = 60 * 60 * 1000;
/** Members purged per query; the job keeps going until none is due. */
const BATCH = 100;

/**
 * Permanently deletes the accounts whose deletion date has passed, with every row that
 * belongs to them (store/member-owned-tables.ts). Each member goes in its own transaction
 * that checks the date again, so a restore that lands first wins.
 */
export function purgeDeletedMembersJob(): PeriodicJob {
  return {
    name: PURGE_JOB_NAME,
    intervalMs: HOUR_MS,
    async run(store, clock) {
      const now = clock.now();
      for (;;) {
        const due = await store.accountDeletion.due(now, BATCH);
        let purged = 0;
        for (const memberId of due) {
          if (await store.accountDeletion.purge(memberId, now)) purged += 1;
        }
        // Fewer than a batch, or nothing that could be purged (all restored meanwhile): done.
        if (due.length < BATCH || purged === 0) return;
      }
    },
  };
}
