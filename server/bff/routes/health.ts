import type { FastifyInstance } from 'fastify';
import { fail, ok } from '../../../shared/schemas/reply.ts';
import type { KeyValueStore } from '../store/key-value-store.ts';
import type { Upstream } from '../upstream.ts';

type CheckState = 'ok' | 'unavailable';
interface Readiness {
  store: CheckState;
  upstream: CheckState;
}

const state = (healthy: boolean): CheckState => (healthy ? 'ok' : 'unavailable');

/**
 * /healthz: the process answers (liveness; it checks nothing else, so a restart never follows
 * an outage elsewhere). /readyz: the session store answers (Redis, when used) and the member
 * service is ready, its own /readyz covering its database and mail queue. Both answer in the
 * reply envelope; /readyz says which dependency failed, with 503. Checks running when another
 * probe arrives are shared, so probes cannot multiply the calls to Redis and the member service.
 */
export default async function healthRoutes(app: FastifyInstance, options: { upstream: Upstream; store: KeyValueStore }) {
  let running: Promise<Readiness> | undefined;
  const readiness = () =>
    (running ??= Promise.all([options.store.isHealthy(), options.upstream.isReady()])
      .then(([store, upstream]) => ({ store: state(store), upstream: state(upstream) }))
      .finally(() => {
        running = undefined;
      }));

  app.get('/healthz', async (_request, reply) => reply.header('cache-control', 'no-store').send(ok()));
  app.get('/readyz', async (_request, reply) => {
    const checks = await readiness();
    const ready = checks.store === 'ok' && checks.upstream === 'ok';
    return reply
      .code(ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(ready ? ok(checks) : fail('servererror', { data: checks }));
  });
}
