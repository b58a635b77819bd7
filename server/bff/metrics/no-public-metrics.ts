import type { FastifyInstance } from 'fastify';
import { fail } from '../../../shared/schemas/reply.ts';

/**
 * Metrics live on their own listener (METRICS_PORT). On the public port /metrics is a plain
 * 404, not the client's page shell, so that a scraper pointed at the wrong port fails clearly.
 */
export default async function noPublicMetrics(app: FastifyInstance) {
  app.get('/metrics', async (_request, reply) => reply.code(404).header('cache-control', 'no-store').send(fail('NotFound')));
}
