import type { KeyValueStore } from '../store/key-value-store.ts';

const key = (uid: string) => `oidc-consent:${uid}`;

/**
 * Which portal session a consent question belongs to. The interaction route, reached with the
 * provider's own interaction cookie (so in the browser that started the sign-in), files the
 * question under the portal session it shows it to; the consent API answers only that session.
 * Another browser, another member or a made-up uid finds nothing to read or answer.
 */
export class ConsentOwners {
  constructor(private readonly store: KeyValueStore) {}

  async bind(uid: string, portalSessionId: string, ttlSeconds: number): Promise<void> {
    await this.store.set(key(uid), portalSessionId, Math.max(1, ttlSeconds));
  }

  async owns(uid: string, portalSessionId: string): Promise<boolean> {
    return (await this.store.get(key(uid))) === portalSessionId;
  }

  /** One answer per question: the first to take it answers, any other finds nothing. */
  async take(uid: string, portalSessionId: string): Promise<boolean> {
    // Checked first, so that no one else's attempt uses up the member's question.
    if (!(await this.owns(uid, portalSessionId))) return false;
    return (await this.store.take(key(uid))) === portalSessionId;
  }
}
