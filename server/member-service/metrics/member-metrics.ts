import { Counter, Gauge } from 'prom-client';
import { metricsRegistry } from '../../common/metrics/registry.ts';

/**
 * The member service's own metrics, process-wide (an in-process member service shares the
 * portal's registry and listener). Import the object and count:
 * `mailsTotal.inc({ kind: 'activation', outcome: 'sent' })`, `mailQueueDepth.set(pending)`.
 */
export const jobsTotal = new Counter({
  name: 'member_jobs_total',
  help: 'Runs of periodic jobs on this instance by job and outcome: ok, failed, lease_error (the lease could not be claimed).',
  labelNames: ['job', 'outcome'] as const,
  registers: [metricsRegistry],
});

export const mailsTotal = new Counter({
  name: 'member_mails_total',
  help: 'Attempts at queued mails and texts by kind (mail/message-kinds.ts) and outcome: sent, retried (tried again later), failed (given up), skipped (no longer applies).',
  labelNames: ['kind', 'outcome'] as const,
  registers: [metricsRegistry],
});

/** Reads the queue's depth from the database; set by the member service whose store holds the queue. */
let queueDepthReader: (() => Promise<number>) | undefined;

/** Makes `read` the source of member_mail_queue_depth; the returned function stops it (when that service closes). */
export function readMailQueueDepthWith(read: () => Promise<number>): () => void {
  queueDepthReader = read;
  return () => {
    if (queueDepthReader === read) queueDepthReader = undefined;
  };
}

export const mailQueueDepth = new Gauge({
  name: 'member_mail_queue_depth',
  help: 'Mails and texts waiting in the durable queue, read from the database at every scrape (the last value while it cannot be read).',
  registers: [metricsRegistry],
  async collect() {
    const read = queueDepthReader;
    if (!read) return;
    try {
      this.set(await read());
    } catch {
      // The database is away: readiness says so; the scrape still answers.
    }
  },
});
