import type { FastifyInstance } from 'fastify';
import type { Upstream } from '../upstream.ts';

/** /healthz: the process answers. /readyz: the member service answers too. */
export default async function healthRoutes(app: FastifyInstance, options: { upstream: Upstream }) {
  app.get('/healthz', async (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    const ready = await options.upstream.isHealthy();
    return reply
      .code(ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: ready ? 'ok' : 'upstream unavailable' });
  });
}
