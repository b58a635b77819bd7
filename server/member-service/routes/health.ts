import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { fail, ok } from '../../../shared/schemas/reply.ts';
import type { Clock } from '../../common/clock.ts';

/** One dependency's state: 'ok', or a word saying what is wrong ('unavailable', 'behind'). */
export type ReadinessCheck = () => Promise<string>;

export interface HealthOptions {
  /** What /readyz needs, by the name it reports them under (database): one not 'ok' answers 503. */
  checks: Record<string, ReadinessCheck>;
  /**
   * What /readyz reports without failing on it (mailQueue). Every instance shares the queue, so
   * a mail server that is down would take them all out of rotation while registrations still
   * work (their mails wait in the queue): operators alert on it instead.
   */
  advisories?: Record<string, ReadinessCheck>;
}

/** The database answers a round trip. */
export function databaseCheck(store: { ping(): Promise<void> }): ReadinessCheck {
  return async () => {
    await store.ping();
    return 'ok';
  };
}

/**
 * The oldest queued message waits less than `maxAgeMs`: older means the sender is stuck or the
 * mail server has been down that long ('behind').
 */
export function mailQueueCheck(stats: () => Promise<{ oldestQueuedAt?: number }>, clock: Clock, maxAgeMs: number): ReadinessCheck {
  return async () => {
    const { oldestQueuedAt } = await stats();
    return oldestQueuedAt === undefined || clock.now() - oldestQueuedAt < maxAgeMs ? 'ok' : 'behind';
  };
}

async function run(checks: Record<string, ReadinessCheck>, log: FastifyBaseLogger): Promise<Record<string, string>> {
  const states = await Promise.all(
    Object.entries(checks).map(async ([name, check]) => {
      try {
        return [name, await check()] as const;
      } catch (error) {
        log.error({ err: error, check: name }, 'readiness check failed');
        return [name, 'unavailable'] as const;
      }
    }),
  );
  return Object.fromEntries(states);
}

/**
 * /healthz: the process answers (liveness, nothing else). /readyz: the reply's data names the
 * state of every check and advisory; 503 when a check is not 'ok'. Both are open without the
 * service key (plugins/service-key.ts).
 */
export async function healthRoutes(app: FastifyInstance, { checks, advisories = {} }: HealthOptions): Promise<void> {
  app.get('/healthz', async () => ok());
  app.get('/readyz', async (request, reply) => {
    const [required, reported] = await Promise.all([run(checks, request.log), run(advisories, request.log)]);
    const states = { ...required, ...reported };
    const ready = Object.values(required).every((state) => state === 'ok');
    return ready ? ok(states) : reply.code(503).send(fail('servererror', { data: states }));
  });
}
