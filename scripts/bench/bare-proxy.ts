/**
 * The yardstick for the portal's overhead: @fastify/reply-from in front of the member service,
 * adding the service key and a member token to `GET /api/Member` and nothing else.
 *
 * Like for like with the portal, so that the ratio counts the portal's work and not different
 * traffic: the member service gets the request the portal sends it (the browser's cookie and
 * headers stay here), and the reply carries the headers every portal reply carries
 * (portal-reply-headers.ts), set once per reply as the portal's server sets them.
 *
 *   UPSTREAM_URL=... SERVICE_KEY=... MEMBER_TOKEN=... PORT=... tsx scripts/bench/bare-proxy.ts
 */
import replyFrom from '@fastify/reply-from';
import Fastify from 'fastify';
import { PORTAL_REPLY_HEADERS } from './portal-reply-headers.ts';

const { UPSTREAM_URL, SERVICE_KEY = '', MEMBER_TOKEN = '', PORT = '0' } = process.env;
if (!UPSTREAM_URL) throw new Error('UPSTREAM_URL is required');

const upstreamHeaders = { accept: 'application/json', 'x-service-key': SERVICE_KEY, authorization: `Bearer ${MEMBER_TOKEN}` };

const proxy = Fastify({ logger: false });
await proxy.register(replyFrom, { base: UPSTREAM_URL });
proxy.get('/api/Member', (_request, reply) => {
  reply.raw.setHeaders(PORTAL_REPLY_HEADERS);
  return reply.from('/api/Member', { rewriteRequestHeaders: () => upstreamHeaders });
});
await proxy.listen({ host: '127.0.0.1', port: Number(PORT) });
process.once('SIGTERM', () => void proxy.close().then(() => process.exit(0)));
