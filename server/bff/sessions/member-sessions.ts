import { createHmac } from 'node:crypto';
import type { Session } from 'fastify';
import type { MemberSession } from '../../../shared/schemas/security-center.ts';
import type { KeyValueSessionStore } from '../store/session-store.ts';

export interface StoredSession {
  sessionId: string;
  session: Session;
}

/**
 * The id a member sees for a session: a keyed hash of the session id (under the key derived for
 * this use alone), so it names the session without revealing the cookie's value, and cannot be
 * forged for a session one does not hold.
 */
export function sessionPublicId(key: string, sessionId: string): string {
  return createHmac('sha256', key).update(`member-session:${sessionId}`).digest('base64url').slice(0, 32);
}

const read = (store: KeyValueSessionStore, sessionId: string) =>
  new Promise<Session | null | undefined>((resolve, reject) =>
    store.get(sessionId, (err, session) => (err ? reject(err) : resolve(session))),
  );

/** The member's live sessions, as stored (a session that ended meanwhile is left out). */
export async function memberSessions(store: KeyValueSessionStore, memberId: number): Promise<StoredSession[]> {
  const ids = await store.memberSessionIds(memberId);
  const sessions = await Promise.all(ids.map(async (sessionId) => ({ sessionId, session: await read(store, sessionId) })));
  return sessions.filter((s): s is StoredSession => s.session != null && s.session.memberId === memberId);
}

/** A stored session as the member's list shows it. */
export function sessionView(key: string, stored: StoredSession, currentSessionId: string | undefined): MemberSession {
  const { session } = stored;
  const at = (ms: number | undefined) => new Date(ms ?? 0).toISOString();
  return {
    id: sessionPublicId(key, stored.sessionId),
    current: stored.sessionId === currentSessionId,
    createdAt: at(session.signedInAt),
    lastSeenAt: at(session.lastSeenAt),
    device: session.device ?? '',
    ipPrefix: session.ipPrefix ?? '',
    method: session.signInMethod ?? 'password',
  };
}
