import type { FastifyBaseLogger, FastifyReply } from 'fastify';

/**
 * How long after a reply has left the work it postponed starts. Run in-process (npm start), the
 * portal's own reply still passes through this event loop after ours: work started at once would
 * delay it, and the delay would tell which accounts exist.
 */
export const AFTER_REPLY_DELAY_MS = 25;

/**
 * Work a reply must not wait for, so that neither its content nor its timing reveals anything.
 * Every task is kept track of from the moment it is scheduled: a failure is logged with the
 * task's name, and closing the service (or a test) can wait for all of it with `drain()`.
 */
export class BackgroundTasks {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly logger: FastifyBaseLogger) {}

  /** Runs `task` once the reply has been handed to the network (or the connection is gone), a moment later. */
  afterReply(reply: FastifyReply, name: string, task: () => Promise<void>): void {
    this.track(
      name,
      replySent(reply)
        .then(() => delay(AFTER_REPLY_DELAY_MS))
        .then(task),
    );
  }

  /** Runs `task` now, kept track of like the others (the sending of queued messages). */
  run(name: string, task: () => Promise<void>): void {
    this.track(name, task());
  }

  /** Resolves when every task scheduled so far, and every task those scheduled, has ended. */
  async drain(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  private track(name: string, work: Promise<void>): void {
    const running: Promise<void> = work
      .catch((error: unknown) => this.logger.error({ err: error, task: name }, `${name} failed`))
      .finally(() => this.pending.delete(running));
    this.pending.add(running);
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function replySent(reply: FastifyReply): Promise<void> {
  const raw = reply.raw;
  if (raw.writableFinished || raw.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      raw.off('finish', done);
      raw.off('close', done);
      resolve();
    };
    raw.once('finish', done);
    raw.once('close', done);
  });
}
