import { hkdfSync } from 'node:crypto';

/**
 * The keys the portal derives from SESSION_SECRET, one per use, each by HKDF-SHA256 with a label
 * of its own: a value signed or hashed for one use (a device cookie, a session's public id) is
 * worth nothing as another (a session cookie), and none of them is the secret itself.
 */
export interface SessionKeys {
  /** Signs the session cookie. */
  sessionCookie: string;
  /** Signs the device cookie that tells known browsers from new ones. */
  deviceCookie: string;
  /** Keys the hash that names a session in the member's list of sessions. */
  sessionListIds: string;
  /** Keys the opaque member reference of the sign-in log line. */
  logReference: string;
}

const LABELS: Record<keyof SessionKeys, string> = {
  sessionCookie: 'portal session cookie v1',
  deviceCookie: 'portal device cookie v1',
  sessionListIds: 'portal session list ids v1',
  logReference: 'portal log member reference v1',
};

const derived = new Map<string, SessionKeys>();

export function deriveKey(secret: string, label: string): string {
  return Buffer.from(hkdfSync('sha256', secret, '', label, 32)).toString('base64url');
}

/** The keys of a secret (derived once per secret and process). */
export function sessionKeys(secret: string): SessionKeys {
  let keys = derived.get(secret);
  if (!keys) {
    const entries = Object.entries(LABELS).map(([use, label]) => [use, deriveKey(secret, label)]);
    keys = Object.fromEntries(entries) as unknown as SessionKeys;
    derived.set(secret, keys);
  }
  return keys;
}
