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

export const mailQueueDepth = new Gauge({
  name: 'member_mail_queue_depth',
  help: 'Mails and texts waiting in the durable queue, as last seen by this instance.',
  registers: [metricsRegistry],
});
