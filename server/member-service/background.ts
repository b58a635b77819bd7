import type { FastifyBaseLogger } from 'fastify';

/**
 * Work a reply must not wait for (so that its timing reveals nothing), kept track of so that
 * closing the service finishes it before the database and mail transport go away.
 */
export class BackgroundTasks {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly logger: FastifyBaseLogger) {}

  run(name: string, task: () => Promise<void>): void {
    const running = Promise.resolve()
      .then(task)
      .catch((error: unknown) => this.logger.error({ err: error }, `${name} failed`))
      .finally(() => this.pending.delete(running));
    this.pending.add(running);
  }

  async drain(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }
}
