/**
 * A floor under the portal's reads: Fastify with the portal's session plugin (@fastify/session
 * over the portal's session store) and the portal's member-service client, and nothing else,
 * answering `GET /api/Member` for one signed-in session. Measured in the same run as the portal
 * and the bare proxy, it shows what the session layer alone costs a read.
 *
 * `GET /` answers the Cookie header of that session.
 *
 *   UPSTREAM_URL=... SERVICE_KEY=... MEMBER_TOKEN=... PORT=... tsx scripts/bench/session-floor.ts
 */
import { randomBytes } from 'node:crypto';
import { Signer } from '@fastify/cookie';
import Fastify, { type Session } from 'fastify';
import session from '../../server/bff/plugins/session.ts';
import { PORTAL_REPLY_HEADERS } from './portal-reply-headers.ts';
import { callAsMember, relay } from '../../server/bff/routes/member-call.ts';
import { MemoryStore } from '../../server/bff/store/memory-store.ts';
import { KeyValueSessionStore } from '../../server/bff/store/session-store.ts';
import { Upstream } from '../../server/bff/upstream.ts';
import { systemClock } from '../../server/common/clock.ts';
import { profileContract } from '../../shared/contract/profile.ts';

const { UPSTREAM_URL, SERVICE_KEY = '', MEMBER_TOKEN = '', PORT = '0' } = process.env;
if (!UPSTREAM_URL) throw new Error('UPSTREAM_URL is required');

const DAY_SECONDS = 86_400;
const secret = randomBytes(32).toString('base64url');
const store = new KeyValueSessionStore(new MemoryStore(), systemClock, { idleSeconds: DAY_SECONDS, absoluteSeconds: DAY_SECONDS });
const upstream = new Upstream({ url: UPSTREAM_URL, serviceKey: SERVICE_KEY, timeoutMs: 10_000 });

// The session a password sign-in stores.
const sessionId = randomBytes(24).toString('base64url');
const now = systemClock.now();
const signedIn = {
  memberToken: MEMBER_TOKEN,
  tokenExpiresAt: new Date(now + DAY_SECONDS * 1000).toISOString(),
  userId: 'bench@example.com',
  memberId: 1,
  signInMethod: 'password',
  device: 'Chrome on Linux',
  ipPrefix: '127.0.0.0/24',
  signedInAt: now,
  lastSeenAt: now,
} as Session;
store.started(signedIn);
await new Promise<void>((resolve, reject) => store.set(sessionId, signedIn, (err) => (err ? reject(err) : resolve())));

const floor = Fastify({ logger: false });
const neverEnds = async () => {
  throw new Error('the floor has no session that ends');
};
await floor.register(session, {
  store,
  clock: systemClock,
  secret,
  ender: { endThisSession: neverEnds, timedOut: neverEnds },
  secure: false,
  idleSeconds: DAY_SECONDS,
  absoluteSeconds: DAY_SECONDS,
});
floor.get('/api/Member', async (request, reply) => {
  reply.raw.setHeaders(PORTAL_REPLY_HEADERS);
  return relay(reply, await callAsMember(upstream, request, reply, profileContract.get, { relayed: true }));
});
floor.get('/', async () => `portal-session=${new Signer(secret).sign(sessionId)}`);
await floor.listen({ host: '127.0.0.1', port: Number(PORT) });
process.once('SIGTERM', () => void floor.close().then(() => process.exit(0)));
