import type { FastifyInstance } from 'fastify';
import { fail, ok } from '../../../shared/schemas/reply.ts';
import type { Clock } from '../../common/clock.ts';

/** One dependency's state: 'ok', or a word saying what is wrong ('unavailable', 'behind'). */
export type ReadinessCheck = () => Promise<string>;

export interface HealthOptions {
  /** What /readyz checks, by the name it reports them under (database, mailQueue). */
  checks: Record<string, ReadinessCheck>;
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

/**
 * /healthz: the process answers (liveness, nothing else). /readyz: every check passes (the
 * database, the mail queue); the reply's data names each check's state, with 503 when one
 * fails. Both are open without the service key (plugins/service-key.ts).
 */
export async function healthRoutes(app: FastifyInstance, { checks }: HealthOptions): Promise<void> {
  app.get('/healthz', async () => ok());
  app.get('/readyz', async (request, reply) => {
    const states = Object.fromEntries(
      await Promise.all(
        Object.entries(checks).map(async ([name, check]) => {
          try {
            return [name, await check()] as const;
          } catch (error) {
            request.log.error({ err: error, check: name }, 'readiness check failed');
            return [name, 'unavailable'] as const;
          }
        }),
      ),
    );
    const ready = Object.values(states).every((state) => state === 'ok');
    return ready ? ok(states) : reply.code(503).send(fail('servererror', { data: states }));
  });
}
