import type { KeyValueStore } from '../store/key-value-store.ts';

/** One site a portal session signed in at: its client, the sid it was told, the subject, and the provider session that holds it. */
export interface SiteSignIn {
  clientId: string;
  sid: string;
  accountId: string;
  /** The provider session's id (its jti). */
  providerSession: string;
}

const key = (portalSessionId: string) => `oidc-links:${portalSessionId}`;

/**
 * Which provider sessions and sites belong to which portal session. A provider session counts
 * only while the portal session it was made under lives (single sign-on never outlives the
 * portal's sign-in), and ending a portal session reaches exactly the sites it signed in at.
 */
export class SessionLinks {
  constructor(
    private readonly store: KeyValueStore,
    private readonly ttlSeconds: number,
  ) {}

  async add(portalSessionId: string, site: SiteSignIn): Promise<void> {
    await this.store.addToSet(key(portalSessionId), JSON.stringify(site), this.ttlSeconds);
  }

  async holds(portalSessionId: string, providerSession: string): Promise<boolean> {
    return (await this.list(portalSessionId)).some((site) => site.providerSession === providerSession);
  }

  async list(portalSessionId: string): Promise<SiteSignIn[]> {
    return (await this.store.setMembers(key(portalSessionId))).map((entry) => JSON.parse(entry) as SiteSignIn);
  }

  /** Drops the sites of one provider session (already told by the provider itself). */
  async forget(portalSessionId: string, providerSession: string): Promise<void> {
    for (const entry of await this.store.setMembers(key(portalSessionId))) {
      if ((JSON.parse(entry) as SiteSignIn).providerSession === providerSession)
        await this.store.removeFromSet(key(portalSessionId), entry);
    }
  }

  /** The sites of an ending portal session; the links go with it. */
  async take(portalSessionId: string): Promise<SiteSignIn[]> {
    const sites = await this.list(portalSessionId);
    await this.store.delete(key(portalSessionId));
    return sites;
  }
}
