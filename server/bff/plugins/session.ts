import fp from 'fastify-plugin';
import fastifyCookie from '@fastify/cookie';
import fastifySession from '@fastify/session';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SignInMethod } from '../../../shared/schemas/security-center.ts';
import type { Clock } from '../../common/clock.ts';
import { ReplyError } from '../errors.ts';
import type { SessionEnder } from '../sessions/end-sessions.ts';
import { VerifiedCookies } from '../sessions/verified-cookies.ts';
import type { KeyValueSessionStore } from '../store/session-store.ts';

declare module 'fastify' {
  interface Session {
    memberToken?: string;
    tokenExpiresAt?: string;
    userId?: string;
    memberId?: number;
    /**
     * Clock milliseconds of the sign-in that started this session (the absolute limit, the
     * recent-sign-in rule, an OpenID Connect `auth_time`) and of the last request (the idle limit).
     */
    signedInAt?: number;
    lastSeenAt?: number;
    /**
     * How this session signed in: `password`, `code`, `social`, `passkey`, or `ticket` (a company
     * site sent the member back: the site held the ticket, the member proved nothing here).
     * The list of sessions shows it; `amrOf` (sign-in/sign-in-method.ts) names it for OpenID Connect.
     */
    signInMethod?: SignInMethod;
    /** Browser and network the session signed in from, as the member's list of sessions shows them. */
    device?: string;
    ipPrefix?: string;
    /** Signed in with status 2 or 3: until the password is changed, only routes allowed during the change serve this session. */
    passwordChangeRequired?: boolean;
  }
  interface FastifyContextConfig {
    /**
     * The route serves a session that must change its password first: changing it, what the
     * change-password screen and the header read, signing in anew and signing out. Every other
     * route refuses such a session (403 PasswordChangeRequired), new routes included.
     */
    allowedDuringPasswordChange?: boolean;
  }
  interface FastifyRequest {
    /** Starts a signed-in session under a new id (never the id the browser arrived with). */
    startMemberSession(member: SignedInMember, options?: MemberSessionStart): Promise<void>;
    /**
     * The member service refused this session's token: the session ends here (through the
     * SessionEnder, without revoking what is already refused) and the browser drops its cookie.
     */
    endMemberSession(reply: FastifyReply): Promise<void>;
    /** Removes this session from the store and clears its cookie; only the SessionEnder calls it. */
    dropSession(reply: FastifyReply | undefined): Promise<void>;
  }
}

export interface MemberSessionStart {
  method: SignInMethod;
  device: string;
  ipPrefix: string;
  passwordChangeRequired?: boolean;
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
  /** Signs the session cookie (derived from SESSION_SECRET for this use alone). */
  secret: string;
  /** Where a session that timed out, or whose token was refused, ends like every other. */
  ender: Pick<SessionEnder, 'endThisSession' | 'timedOut'>;
  secure: boolean;
  idleSeconds: number;
  absoluteSeconds: number;
}

/** Route config of the routes a session that must change its password may use. */
export const ALLOWED_DURING_PASSWORD_CHANGE = { allowedDuringPasswordChange: true } as const;

/** Whether this request's session must change its password before anything else. */
export function passwordChangePending(request: FastifyRequest): boolean {
  return request.session?.passwordChangeRequired === true;
}

/** The password was changed: the session serves every route again. */
export function passwordChangeDone(request: FastifyRequest): void {
  if (request.session) delete request.session.passwordChangeRequired;
}

/** How stale a session's lastSeenAt may get before a request records itself (and saves the session). */
const LAST_SEEN_STEP_MS = 30_000;

const SESSION_COOKIE = 'portal-session';
/** Browsers accept a `__Host-` cookie only when Secure, on path /, without Domain: it cannot be planted by a subdomain. */
const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;

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
    // Idle time is counted from the last recorded request, so a session may end up to this much
    // before the idle limit, never after it.
    const lastSeenStepMs = Math.min(LAST_SEEN_STEP_MS, options.idleSeconds * 10);

    await app.register(fastifyCookie);
    await app.register(fastifySession, {
      secret: new VerifiedCookies(options.secret),
      cookieName,
      cookie,
      store,
      saveUninitialized: false,
      // Saved only when changed: the onRequest hook below moves lastSeenAt (and with it the
      // store's TTL) at most every LAST_SEEN_STEP_MS, so most reads touch the store once, to load.
      rolling: false,
    });

    app.decorateRequest('startMemberSession', async function (this: FastifyRequest, member: SignedInMember, start: MemberSessionStart) {
      await this.session.regenerate();
      const now = options.clock.now();
      const { method: signInMethod, device, ipPrefix, passwordChangeRequired } = start;
      Object.assign(
        this.session,
        member,
        { signInMethod, device, ipPrefix, signedInAt: now, lastSeenAt: now },
        passwordChangeRequired ? { passwordChangeRequired } : {},
      );
      store.started(this.session);
      await store.addMemberSession(member.memberId, this.session.sessionId);
    });

    app.decorateRequest('dropSession', async function (this: FastifyRequest, reply: FastifyReply | undefined) {
      if (this.session) await this.session.destroy();
      reply?.clearCookie(cookieName, cookie);
    });
    app.decorateRequest('endMemberSession', async function (this: FastifyRequest, reply: FastifyReply) {
      await options.ender.endThisSession(this, reply, { reason: 'tokenRefused', upstream: false });
    });

    // Idle and absolute limits are checked against the injected clock on every request; the
    // store TTL enforces the same limits for sessions nobody comes back to.
    app.addHook('onRequest', async (request) => {
      const session = request.session;
      if (!session || session.memberId === undefined) return;
      const now = options.clock.now();
      const idle = now - (session.lastSeenAt ?? 0) >= options.idleSeconds * 1000;
      const expired = now - (session.signedInAt ?? 0) >= options.absoluteSeconds * 1000;
      if (idle || expired) {
        // Ended like any other session: its token (and its tickets) revoked upstream.
        await options.ender.timedOut(request, expired ? 'absoluteTimeout' : 'idleTimeout');
        await session.regenerate();
      } else if (now - (session.lastSeenAt ?? 0) >= lastSeenStepMs) session.lastSeenAt = now;
      // Decided on the matched route, never on the URL's text: a route nobody marked refuses.
      if (passwordChangePending(request) && request.routeOptions.config.allowedDuringPasswordChange !== true) {
        throw new ReplyError(403, 'PasswordChangeRequired');
      }
    });
  },
  { name: 'portal-session' },
);
