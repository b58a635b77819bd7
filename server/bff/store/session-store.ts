import type { Session } from 'fastify';
import type { SessionStore } from '@fastify/session';
import { TICKET_VALID_SECONDS } from '../../../shared/limits.ts';
import type { Clock } from '../../common/clock.ts';
import type { KeyValueStore } from './key-value-store.ts';

export interface SessionLimits {
  idleSeconds: number;
  absoluteSeconds: number;
}

const sessionKey = (sessionId: string) => `session:${sessionId}`;

/**
 * A signed-in session past its idle or absolute limit stays stored this much longer (serving
 * nothing: the session plugin checks the limits on every request), so that a browser coming back
 * ends it like any other session, its member token revoked upstream. Past this, every ticket the
 * session issued has expired on its own.
 */
const ENDED_SESSION_KEPT_SECONDS = TICKET_VALID_SECONDS;
const memberKey = (memberId: number) => `member-sessions:${memberId}`;

/** A stored session that cannot be read is no session (the visitor signs in again), not a failure. */
function parseSession(value: string): Session | null {
  try {
    return JSON.parse(value) as Session;
  } catch {
    return null;
  }
}

/**
 * What the store keeps of a session: everything but its cookie's attributes. Those come from the
 * session plugin's options, the same for every session (no session sets its own), and restoring
 * them from the store would cost every request a merge of the stored attributes into the options.
 */
function storedForm(session: Session): string {
  const { cookie: _attributes, ...held } = session;
  return JSON.stringify(held);
}

/** Anonymous sessions are kept only while they carry a sign-in under way (social, passkey, a password awaiting its code). */
function holdsAnonymousState(session: Session): boolean {
  return (
    session.socialStates !== undefined ||
    session.socialIdentity !== undefined ||
    session.passkeyChallenge !== undefined ||
    session.passwordConfirmation !== undefined
  );
}

/**
 * @fastify/session's store over a KeyValueStore. Only signed-in sessions and those of a social
 * or passkey sign-in under way are stored, so other anonymous visitors cost nothing; each save sets the TTL to what is left of the idle and
 * absolute limits, so a stored session never outlives either.
 */
export class KeyValueSessionStore implements SessionStore {
  /** Signed-in sessions a sign-in has just started in this process: their first save creates them. */
  private readonly starting = new WeakSet<Session>();

  constructor(
    private readonly kv: KeyValueStore,
    private readonly clock: Clock,
    private readonly limits: SessionLimits,
  ) {}

  /** Milliseconds until the session reaches its idle or absolute limit (negative past it). */
  private leftMs(session: Session): number {
    const now = this.clock.now();
    const idleLeft = (session.lastSeenAt ?? now) + this.limits.idleSeconds * 1000 - now;
    const absoluteLeft = (session.signedInAt ?? now) + this.limits.absoluteSeconds * 1000 - now;
    return Math.min(idleLeft, absoluteLeft);
  }

  private ttlSeconds(session: Session): number {
    const kept = session.memberId === undefined ? 0 : ENDED_SESSION_KEPT_SECONDS;
    return Math.ceil(this.leftMs(session) / 1000) + kept;
  }

  /** Whether a stored session is past its limits (kept only until its browser comes back). */
  pastLimits(session: Session): boolean {
    return this.leftMs(session) <= 0;
  }

  /** The session a sign-in has just started (plugins/session.ts): its next save stores it. */
  started(session: Session): void {
    this.starting.add(session);
  }

  /**
   * Any other save of a signed-in session only replaces the stored one: a request that was
   * under way while its session ended (signed out elsewhere, timed out, ended from My account)
   * does not bring it back when it saves on its way out.
   */
  set(sessionId: string, session: Session, callback: (err?: unknown) => void): void {
    if (session.memberId === undefined && !holdsAnonymousState(session)) {
      callback();
      return;
    }
    const key = sessionKey(sessionId);
    const ttl = this.ttlSeconds(session);
    let write: Promise<unknown>;
    if (ttl <= 0) write = this.kv.delete(key);
    else if (session.memberId !== undefined && !this.starting.delete(session)) write = this.kv.replace(key, storedForm(session), ttl);
    else write = this.kv.set(key, storedForm(session), ttl);
    write.then(() => callback(), callback);
  }

  get(sessionId: string, callback: (err: unknown, result?: Session | null) => void): void {
    this.kv.get(sessionKey(sessionId)).then(
      (value) => callback(null, value === undefined ? null : parseSession(value)),
      (err: unknown) => callback(err),
    );
  }

  destroy(sessionId: string, callback: (err?: unknown) => void): void {
    this.kv.delete(sessionKey(sessionId)).then(() => callback(), callback);
  }

  /** Remembers that a member holds this session, so that all of a member's sessions can be ended together. */
  async addMemberSession(memberId: number, sessionId: string): Promise<void> {
    await this.kv.addToSet(memberKey(memberId), sessionId, this.limits.absoluteSeconds);
  }

  /** The member's sessions that are still alive; ended ones are dropped from the index on the way. */
  async memberSessionIds(memberId: number): Promise<string[]> {
    const ids = await this.kv.setMembers(memberKey(memberId));
    const alive = await Promise.all(
      ids.map(async (id) => {
        if ((await this.kv.get(sessionKey(id))) !== undefined) return id;
        await this.kv.removeFromSet(memberKey(memberId), id);
        return undefined;
      }),
    );
    return alive.filter((id): id is string => id !== undefined);
  }
}
