import type { FastifyInstance } from 'fastify';
import type { KeyValueStore } from '../store/key-value-store.ts';
import type { Upstream } from '../upstream.ts';

/** /healthz: the process answers. /readyz: the member service and the session store (Redis, when used) answer too. */
export default async function healthRoutes(app: FastifyInstance, options: { upstream: Upstream; store: KeyValueStore }) {
  app.get('/healthz', async (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    const [upstream, store] = await Promise.all([options.upstream.isHealthy(), options.store.isHealthy()]);
    const ready = upstream && store;
    return reply
      .code(ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: ready ? 'ok' : 'unavailable', upstream: upstream ? 'ok' : 'unavailable', store: store ? 'ok' : 'unavailable' });
  });
}
