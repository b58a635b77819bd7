/**
 * The yardstick for the portal's overhead: @fastify/reply-from in front of the member service,
 * adding the service key and a member token to `GET /api/Member` and nothing else.
 *
 *   UPSTREAM_URL=... SERVICE_KEY=... MEMBER_TOKEN=... PORT=... tsx scripts/bench/bare-proxy.ts
 */
import replyFrom from '@fastify/reply-from';
import Fastify from 'fastify';

const { UPSTREAM_URL, SERVICE_KEY = '', MEMBER_TOKEN = '', PORT = '0' } = process.env;
if (!UPSTREAM_URL) throw new Error('UPSTREAM_URL is required');

const proxy = Fastify({ logger: false });
await proxy.register(replyFrom, { base: UPSTREAM_URL });
proxy.get('/api/Member', (_request, reply) =>
  reply.from('/api/Member', {
    rewriteRequestHeaders: (_req, headers) => ({ ...headers, 'x-service-key': SERVICE_KEY, authorization: `Bearer ${MEMBER_TOKEN}` }),
  }),
);
await proxy.listen({ host: '127.0.0.1', port: Number(PORT) });
process.once('SIGTERM', () => void proxy.close().then(() => process.exit(0)));
