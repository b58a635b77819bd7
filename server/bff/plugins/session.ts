import fp from 'fastify-plugin';
import fastifyCookie from '@fastify/cookie';
import fastifySession from '@fastify/session';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../../common/clock.ts';
import type { KeyValueSessionStore } from '../store/session-store.ts';

declare module 'fastify' {
  interface Session {
    memberToken?: string;
    tokenExpiresAt?: string;
    userId?: string;
    memberId?: number;
    /** Clock milliseconds of sign-in and of the last request, for the absolute and idle limits. */
    signedInAt?: number;
    lastSeenAt?: number;
  }
  interface FastifyRequest {
    /** Starts a signed-in session under a new id (never the id the browser arrived with). */
    startMemberSession(member: SignedInMember): Promise<void>;
    /** Ends the session in the store and tells the browser to drop the cookie. */
    endMemberSession(reply: FastifyReply): Promise<void>;
  }
}

export interface SignedInMember {
  memberToken: string;
  tokenExpiresAt: string;
  userId: string;
  memberId: number;
}

export interface SessionPluginOptions {
  store: KeyValueSessionStore;
  clock: Clock;
  secret: string;
  secure: boolean;
  idleSeconds: number;
  absoluteSeconds: number;
}

export const SESSION_COOKIE = 'portal-session';
/** Browsers accept a `__Host-` cookie only when Secure, on path /, without Domain: it cannot be planted by a subdomain. */
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;

/** The signed-in member of this request, or undefined. */
export function signedInMember(request: FastifyRequest): SignedInMember | undefined {
  const session = request.session;
  if (!session || session.memberId === undefined || session.memberToken === undefined) return undefined;
  return {
    memberToken: session.memberToken,
    tokenExpiresAt: session.tokenExpiresAt ?? '',
    userId: session.userId ?? '',
    memberId: session.memberId,
  };
}

export default fp(
  async function sessionPlugin(app, options: SessionPluginOptions) {
    const cookieName = options.secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
    const cookie = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: options.secure };
    const store = options.store;

    await app.register(fastifyCookie);
    await app.register(fastifySession, {
      secret: options.secret,
      cookieName,
      cookie,
      store,
      saveUninitialized: false,
      rolling: true,
    });

    app.decorateRequest('startMemberSession', async function (this: FastifyRequest, member: SignedInMember) {
      await this.session.regenerate();
      const now = options.clock.now();
      Object.assign(this.session, member, { signedInAt: now, lastSeenAt: now });
      await store.addMemberSession(member.memberId, this.session.sessionId);
    });

    app.decorateRequest('endMemberSession', async function (this: FastifyRequest, reply: FastifyReply) {
      if (this.session) await this.session.destroy();
      reply.clearCookie(cookieName, cookie);
    });

    // Idle and absolute limits are checked against the injected clock on every request; the
    // store TTL enforces the same limits for sessions nobody comes back to.
    app.addHook('onRequest', async (request) => {
      const session = request.session;
      if (!session || session.memberId === undefined) return;
      const now = options.clock.now();
      const idle = now - (session.lastSeenAt ?? 0) >= options.idleSeconds * 1000;
      const expired = now - (session.signedInAt ?? 0) >= options.absoluteSeconds * 1000;
      if (idle || expired) await session.regenerate();
      else session.lastSeenAt = now;
    });
  },
  { name: 'portal-session' },
);
