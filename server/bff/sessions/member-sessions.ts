import { createHmac } from 'node:crypto';
import type { Session } from 'fastify';
import type { MemberSession } from '../../../shared/schemas/security-center.ts';
import type { KeyValueSessionStore } from '../store/session-store.ts';
import type { Upstream } from '../upstream.ts';

export interface StoredSession {
  sessionId: string;
  session: Session;
}

/**
 * The id a member sees for a session: a keyed hash of the session id, so it names the session
 * without revealing the cookie's value, and cannot be forged for a session one does not hold.
 */
export function sessionPublicId(secret: string, sessionId: string): string {
  return createHmac('sha256', secret).update(`member-session:${sessionId}`).digest('base64url').slice(0, 32);
}

const read = (store: KeyValueSessionStore, sessionId: string) =>
  new Promise<Session | null | undefined>((resolve, reject) =>
    store.get(sessionId, (err, session) => (err ? reject(err) : resolve(session))),
  );

const destroy = (store: KeyValueSessionStore, sessionId: string) =>
  new Promise<void>((resolve, reject) => store.destroy(sessionId, (err) => (err ? reject(err) : resolve())));

/** The member's live sessions, as stored (a session that ended meanwhile is left out). */
export async function memberSessions(store: KeyValueSessionStore, memberId: number): Promise<StoredSession[]> {
  const ids = await store.memberSessionIds(memberId);
  const sessions = await Promise.all(ids.map(async (sessionId) => ({ sessionId, session: await read(store, sessionId) })));
  return sessions.filter((s): s is StoredSession => s.session != null && s.session.memberId === memberId);
}

/** A stored session as the member's list shows it. */
export function sessionView(secret: string, stored: StoredSession, currentSessionId: string | undefined): MemberSession {
  const { session } = stored;
  const at = (ms: number | undefined) => new Date(ms ?? 0).toISOString();
  return {
    id: sessionPublicId(secret, stored.sessionId),
    current: stored.sessionId === currentSessionId,
    createdAt: at(session.signedInAt),
    lastSeenAt: at(session.lastSeenAt),
    device: session.device ?? '',
    ipPrefix: session.ipPrefix ?? '',
    method: session.signInMethod ?? 'password',
  };
}

/**
 * Ends another browser's session on both sides: its member token is revoked upstream (and with
 * it the tickets it issued), then the session leaves the store, so its cookie leads nowhere.
 */
export async function endStoredSession(
  store: KeyValueSessionStore,
  upstream: Upstream,
  stored: StoredSession,
  log: { warn: (o: object, m: string) => void },
): Promise<void> {
  const token = stored.session.memberToken;
  if (token) {
    try {
      await upstream.call({ method: 'GET', path: '/api/Member/Logout', token });
    } catch (err) {
      // The session ends regardless; the token expires upstream on its own.
      log.warn({ err }, 'token revocation failed while ending a session');
    }
  }
  // The member's index drops it the next time it is read (memberSessionIds).
  await destroy(store, stored.sessionId);
}
