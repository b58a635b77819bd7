import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { fail } from '../../../shared/schemas/reply.ts';
import { secretsEqual } from '../security/tokens.ts';

const OPEN_PATHS = new Set(['/healthz', '/readyz']);

/** Only the BFF may call: every request but the health checks carries X-Service-Key. */
export const serviceKeyPlugin = fp<{ serviceKey: string }>(
  async (app: FastifyInstance, { serviceKey }) => {
    app.addHook('onRequest', async (request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      if (OPEN_PATHS.has(path) && request.method === 'GET') return;
      const given = request.headers['x-service-key'];
      if (typeof given !== 'string' || !secretsEqual(given, serviceKey)) {
        return reply.code(403).send(fail('Forbidden'));
      }
    });
  },
  { name: 'service-key' },
);
