import type { FastifyBaseLogger, FastifyReply, FastifyRequest, Session } from 'fastify';
import { authContract } from '../../../shared/contract/auth.ts';
import type { SignInMethod } from '../../../shared/schemas/security-center.ts';
import type { KeyValueSessionStore } from '../store/session-store.ts';
import type { Upstream } from '../upstream.ts';
import { memberSessions } from './member-sessions.ts';

/** Why a session ended: every way there is. */
export type SessionEndReason =
  | 'signOut'
  | 'idleTimeout'
  | 'absoluteTimeout'
  | 'endedByMember'
  | 'notMe'
  | 'passwordChanged'
  | 'deletionRequested'
  | 'ticketRefused'
  | 'tokenRefused';

/** What a listener learns of an ended session (never its token). */
export interface EndedSession {
  /** The store's id of the session (the cookie's value without its signature). */
  sessionId: string;
  memberId: number;
  signInMethod?: SignInMethod;
  /** Clock milliseconds of the sign-in that started it. */
  signedInAt?: number;
  reason: SessionEndReason;
}

/**
 * Called once for every signed-in session that ends, after its token was revoked. A listener's
 * failure is logged and ends nothing else (the session is gone either way).
 */
export type SessionEndedListener = (ended: EndedSession) => void | Promise<void>;

export interface EndSessionsOptions {
  reason: SessionEndReason;
  /** The session that goes on (the one that changed the password). */
  except?: string;
  /** Only this session (one ended from Devices and sessions). */
  only?: string;
  /**
   * Revoke each session's member token upstream, and with it the tickets it issued (default).
   * false where the member service has already revoked every token of the member.
   */
  upstream?: boolean;
  /** The request being served: when its own session is among the ended ones, its cookie is cleared too. */
  request?: FastifyRequest;
  reply?: FastifyReply;
}

const destroy = (store: KeyValueSessionStore, sessionId: string) =>
  new Promise<void>((resolve, reject) => store.destroy(sessionId, (err) => (err ? reject(err) : resolve())));

/**
 * The one way a signed-in session ends, whatever ends it: sign-out, idle and absolute timeout,
 * Devices and sessions, "This wasn't me", a password change or reset, deletion, a refused ticket.
 * Each ended session's member token is revoked upstream (so no ticket it issued can still be
 * redeemed), the session leaves the store on every instance, and the listeners hear of it.
 */
export class SessionEnder {
  constructor(
    private readonly store: KeyValueSessionStore,
    private readonly upstream: Upstream,
    private readonly listeners: readonly SessionEndedListener[],
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Ends the member's sessions (all, all but `except`, or `only` one); returns how many ended. */
  async endSessions(memberId: number, options: EndSessionsOptions): Promise<number> {
    const { request, reply } = options;
    const current = request?.session?.sessionId;
    const ended = (await memberSessions(this.store, memberId)).filter(
      (s) => s.sessionId !== options.except && (options.only === undefined || s.sessionId === options.only),
    );
    for (const { sessionId, session } of ended) {
      if (request && sessionId === current) await this.endThisSession(request, reply, options);
      else {
        await this.ended(sessionId, session, options, this.log);
        // The member's index drops it the next time it is read (memberSessionIds).
        await destroy(this.store, sessionId);
      }
    }
    return ended.length;
  }

  /** Ends the session of this browser (sign-out, a refused ticket or token) and clears its cookie. */
  async endThisSession(request: FastifyRequest, reply: FastifyReply | undefined, options: Pick<EndSessionsOptions, 'reason' | 'upstream'>) {
    const session = request.session;
    if (session) await this.ended(session.sessionId, session, options, request.log);
    await request.dropSession(reply);
  }

  /**
   * A session found past its idle or absolute limit: its token is revoked and the listeners hear
   * of it; the session plugin then gives the browser a fresh, empty session.
   */
  async timedOut(request: FastifyRequest, reason: 'idleTimeout' | 'absoluteTimeout'): Promise<void> {
    await this.ended(request.session.sessionId, request.session, { reason }, request.log);
  }

  private async ended(
    sessionId: string,
    session: Session,
    options: Pick<EndSessionsOptions, 'reason' | 'upstream'>,
    log: FastifyBaseLogger,
  ) {
    const { memberId, memberToken, signInMethod, signedInAt } = session;
    if (memberId === undefined) return;
    if (options.upstream !== false && memberToken) {
      try {
        await this.upstream.call(authContract.logout, { query: {}, token: memberToken });
      } catch (err) {
        // The session ends regardless; the token expires upstream on its own.
        log.warn({ err, reason: options.reason }, 'token revocation failed while ending a session');
      }
    }
    const info: EndedSession = { sessionId, memberId, signInMethod, signedInAt, reason: options.reason };
    for (const listener of this.listeners) {
      try {
        await listener(info);
      } catch (err) {
        log.warn({ err, reason: options.reason }, 'a session-ended listener failed');
      }
    }
  }
}
