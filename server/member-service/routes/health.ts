import type { FastifyInstance } from 'fastify';
import { fail, ok } from '../../../shared/schemas/reply.ts';
import type { MemberStore } from '../store/store.ts';

/** Liveness, and readiness including a database round trip. Open without the service key. */
export async function healthRoutes(app: FastifyInstance, store: MemberStore): Promise<void> {
  app.get('/healthz', async () => ok());
  app.get('/readyz', async (request, reply) => {
    try {
      await store.ping();
      return ok();
    } catch (error) {
      request.log.error({ err: error }, 'database not reachable');
      return reply.code(503).send(fail('servererror'));
    }
  });
}
