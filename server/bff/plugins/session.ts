import fp from 'fastify-plugin';
import fastifyCookie, { Signer } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest, Session } from 'fastify';
import type { SignInMethod } from '../../../shared/schemas/security-center.ts';
import type { Clock } from '../../common/clock.ts';
import { ReplyError } from '../errors.ts';
import { BrowserSession } from '../sessions/browser-session.ts';
import { VerifiedCookies } from '../sessions/verified-cookies.ts';
import type { SessionEnder } from '../sessions/end-sessions.ts';
import type { KeyValueSessionStore } from '../store/session-store.ts';

declare module 'fastify' {
  /**
   * The browser's session (sessions/browser-session.ts): the fields below and those other
   * modules declare are what is stored; `sessionId` names it in the store.
   */
  interface Session {
    readonly sessionId: string;
    /** Drops the stored session and goes on, empty, under a new id. */
    regenerate(): Promise<void>;
    /** Removes the session from the store; the request then holds none. */
    destroy(): Promise<void>;
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
    /** Loaded before the route runs, saved with the reply when the route changed it. */
    session: Session;
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

/** Whether the browser's Cookie header still names a session this reply does not keep. */
function staleCookie(request: FastifyRequest, cookieName: string, session: BrowserSession): boolean {
  const sent = request.cookies[cookieName];
  return sent !== undefined && sent !== session.cookieValue;
}

export default fp(
  async function sessionPlugin(app, options: SessionPluginOptions) {
    const cookieName = options.secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
    const cookie = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: options.secure };
    const store = options.store;
    // The cookie's value is `<id>.<HMAC-SHA256 of the id, base64 without padding>`.
    const signer = new Signer(options.secret);
    const verified = new VerifiedCookies(signer);
    // Idle time is counted from the last recorded request, so a session may end up to this much
    // before the idle limit, never after it.
    const lastSeenStepMs = Math.min(LAST_SEEN_STEP_MS, options.idleSeconds * 10);

    await app.register(fastifyCookie);
    app.decorateRequest('session', null as unknown as Session);

    /** The session the browser's cookie names when its signature holds and the store has it, else a new one. */
    async function loadSession(request: FastifyRequest): Promise<BrowserSession> {
      const cookieValue = request.cookies[cookieName];
      const sessionId = cookieValue ? verified.unsign(cookieValue) : undefined;
      // A cookie whose signature holds names a session the store may no longer have (ended, expired).
      const stored = sessionId ? await store.load(sessionId) : undefined;
      if (!stored || !cookieValue || !sessionId) return BrowserSession.fresh(store, request);
      return BrowserSession.restore(store, request, { sessionId, cookieValue, ...stored });
    }

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
      await store.addMemberSession(member.memberId, this.session.sessionId);
    });

    app.decorateRequest('dropSession', async function (this: FastifyRequest, reply: FastifyReply | undefined) {
      if (this.session) await this.session.destroy();
      reply?.clearCookie(cookieName, cookie);
    });
    app.decorateRequest('endMemberSession', async function (this: FastifyRequest, reply: FastifyReply) {
      await options.ender.endThisSession(this, reply, { reason: 'tokenRefused', upstream: false });
    });

    // One hook loads the session and holds it to its limits. Idle and absolute limits are checked
    // against the injected clock on every request; the store TTL enforces the same limits for
    // sessions nobody comes back to.
    app.addHook('onRequest', async (request) => {
      const session = await loadSession(request);
      request.session = session as unknown as Session;
      const data = request.session;
      if (data.memberId === undefined) return;
      const now = options.clock.now();
      const idle = now - (data.lastSeenAt ?? 0) >= options.idleSeconds * 1000;
      const expired = now - (data.signedInAt ?? 0) >= options.absoluteSeconds * 1000;
      if (idle || expired) {
        // Ended like any other session: its token (and its tickets) revoked upstream.
        await options.ender.timedOut(request, expired ? 'absoluteTimeout' : 'idleTimeout');
        await session.regenerate();
      } else if (now - (data.lastSeenAt ?? 0) >= lastSeenStepMs) data.lastSeenAt = now;
      // Decided on the matched route, never on the URL's text: a route nobody marked refuses.
      if (passwordChangePending(request) && request.routeOptions.config.allowedDuringPasswordChange !== true) {
        throw new ReplyError(403, 'PasswordChangeRequired');
      }
    });

    // Saved only when the request changed it (most reads do not: lastSeenAt moves at most every
    // LAST_SEEN_STEP_MS), and its cookie sent only then; a cookie naming a session that is gone
    // or was replaced is cleared. Over plain http a Secure session is not saved (its cookie would not come back).
    app.addHook('onSend', (request, reply, _payload, done) => {
      const session = request.session as unknown as BrowserSession | null;
      if (!session) return done();
      const json = session.changedJson();
      if (json === undefined || (options.secure && request.protocol !== 'https')) {
        if (staleCookie(request, cookieName, session)) reply.clearCookie(cookieName, { path: cookie.path });
        return done();
      }
      store.save(session.sessionId, request.session, json).then(() => {
        session.saved(json);
        reply.setCookie(cookieName, session.cookieValue ?? signer.sign(session.sessionId), cookie);
        done();
      }, done);
    });
  },
  { name: 'portal-session' },
);
