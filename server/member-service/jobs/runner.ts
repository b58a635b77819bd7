import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../common/clock.ts';
import { jobsTotal } from '../metrics/member-metrics.ts';
import type { MemberStore } from '../store/store.ts';

/** The work of a periodic job. It gets what it needs; anything else comes through its closure. */
type JobFunction = (store: MemberStore, clock: Clock) => Promise<void>;

export interface PeriodicJob {
  /** Unique and stable: it names the job's lease row. */
  name: string;
  /** Time between two runs, counted across all member-service instances. */
  intervalMs: number;
  /** How long a run may take before another instance assumes its holder died and takes over. */
  leaseMs?: number;
  /** How often this instance looks whether the job is due, when it differs from the runner's pollMs. */
  pollMs?: number;
  /** Runs every few seconds: its runs are logged at debug level, not info. */
  frequent?: boolean;
  run: JobFunction;
}

export interface JobRunnerOptions {
  store: MemberStore;
  clock: Clock;
  logger: FastifyBaseLogger;
  jobs: readonly PeriodicJob[];
  /** How often this instance looks for due jobs; 0 starts no timer at all (runs happen only through runNow). */
  pollMs: number;
}

const DEFAULT_LEASE_MS = 15 * 60_000;

/**
 * Runs periodic jobs on any number of member-service instances. Each job has a lease row in
 * the database; an instance runs a job only after claiming that row with a conditional update,
 * so a due job runs on one instance at a time, once per interval, on SQLite and PostgreSQL alike.
 */
export class JobRunner {
  /** Identifies this instance as a lease holder. */
  readonly holder = `${hostname()}-${process.pid}-${randomBytes(4).toString('hex')}`;
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private stopped = false;
  private readonly running = new Set<Promise<unknown>>();

  constructor(private readonly options: JobRunnerOptions) {}

  get jobNames(): string[] {
    return this.options.jobs.map((job) => job.name);
  }

  /** Starts polling for due jobs, each job on its own timer (no-op when pollMs is 0). */
  start(): void {
    if (this.options.pollMs <= 0 || this.stopped) return;
    for (const job of this.options.jobs) this.schedulePoll(job);
  }

  /** Stops polling and waits for runs in progress, so that the store can close after it. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  /** One pass: runs every job that is due and whose lease this instance gets. */
  async runDue(): Promise<void> {
    for (const job of this.options.jobs) {
      if (this.stopped) return;
      await this.track(this.attempt(job, { dueOnly: true }));
    }
  }

  /**
   * Runs the named job now, whatever its schedule (tests with a ManualClock, operators), unless
   * another run holds its lease. Resolves to whether it ran; a failing job rejects.
   */
  async runNow(name: string): Promise<boolean> {
    const job = this.options.jobs.find((candidate) => candidate.name === name);
    if (!job) throw new Error(`Unknown job ${name}`);
    return this.track(this.attempt(job, { dueOnly: false, rethrow: true }));
  }

  private async attempt(job: PeriodicJob, how: { dueOnly: boolean; rethrow?: boolean }): Promise<boolean> {
    const { store, clock, logger } = this.options;
    const claimedAt = clock.now();
    let claimed: boolean;
    try {
      claimed = await store.jobLeases.claim(job.name, this.holder, claimedAt, claimedAt + (job.leaseMs ?? DEFAULT_LEASE_MS), {
        dueOnly: how.dueOnly,
      });
    } catch (error) {
      jobsTotal.inc({ job: job.name, outcome: 'lease_error' });
      if (how.rethrow) throw error;
      logger.warn({ err: error, job: job.name }, 'could not claim the job lease');
      return false;
    }
    if (!claimed) return false;
    try {
      await job.run(store, clock);
      jobsTotal.inc({ job: job.name, outcome: 'ok' });
      logger[job.frequent ? 'debug' : 'info']({ job: job.name }, 'job finished');
    } catch (error) {
      jobsTotal.inc({ job: job.name, outcome: 'failed' });
      logger.error({ err: error, job: job.name }, 'job failed');
      if (how.rethrow) throw error;
    } finally {
      await store.jobLeases
        .release(job.name, this.holder, clock.now() + job.intervalMs)
        .catch((error: unknown) => logger.warn({ err: error, job: job.name }, 'could not release the job lease'));
    }
    return true;
  }

  private async track<T>(work: Promise<T>): Promise<T> {
    this.running.add(work);
    try {
      return await work;
    } finally {
      this.running.delete(work);
    }
  }

  private schedulePoll(job: PeriodicJob): void {
    const pollMs = job.pollMs ?? this.options.pollMs;
    if (pollMs <= 0) return;
    const timer = setTimeout(() => {
      void this.track(this.attempt(job, { dueOnly: true })).finally(() => {
        if (!this.stopped) this.schedulePoll(job);
      });
    }, pollMs);
    // Pending polls must not keep the process alive on their own.
    timer.unref();
    this.timers.set(job.name, timer);
  }
}
