import type { KeyValueStore } from '../store/key-value-store.ts';

/** What oidc-provider stores: its payloads are JSON objects with a few well-known fields. */
interface Payload {
  grantId?: string;
  accountId?: string;
  uid?: string;
  userCode?: string;
  consumed?: number;
  [key: string]: unknown;
}

/** Records without an expiry of their own (none today) still leave the store eventually. */
const FALLBACK_TTL_SECONDS = 14 * 24 * 3600;

/** The ids of a member's grants (by subject), for Connected sites and the remembered consent. */
export const memberGrantsKey = (accountId: string) => `oidc:account-grants:${accountId}`;

const ttl = (expiresIn: number | undefined) => Math.max(1, Math.ceil(expiresIn ?? FALLBACK_TTL_SECONDS));

/**
 * oidc-provider's storage over the portal's KeyValueStore (memory, or Redis shared by every
 * portal instance): a code issued by one instance is redeemed at another. Each model keeps its
 * records under `oidc:<Model>:<id>`; lookups by uid and user code, the grant's list of
 * records and the member's list of grants are index keys beside them. A code's use is a separate setIfAbsent key, so that
 * redeeming it on two instances at once marks it used once and never loses the mark.
 */
export function storeAdapter(store: KeyValueStore) {
  return class StoreAdapter {
    private readonly prefix: string;

    constructor(private readonly model: string) {
      this.prefix = `oidc:${model}:`;
    }

    private key(id: string) {
      return this.prefix + id;
    }

    async upsert(id: string, payload: Payload, expiresIn?: number): Promise<void> {
      const seconds = ttl(expiresIn);
      await store.set(this.key(id), JSON.stringify(payload), seconds);
      if (payload.uid) await store.set(`${this.prefix}uid:${payload.uid}`, id, seconds);
      if (payload.userCode) await store.set(`${this.prefix}user-code:${payload.userCode}`, id, seconds);
      if (payload.grantId) await store.addToSet(`oidc:grant:${payload.grantId}`, `${this.model}:${id}`, seconds);
      if (this.model === 'Grant' && payload.accountId) await store.addToSet(memberGrantsKey(payload.accountId), id, seconds);
    }

    async find(id: string): Promise<Payload | undefined> {
      const value = await store.get(this.key(id));
      if (value === undefined) return undefined;
      const payload = JSON.parse(value) as Payload;
      const consumed = await store.get(`${this.key(id)}:consumed`);
      return consumed === undefined ? payload : { ...payload, consumed: Number(consumed) };
    }

    async findByUid(uid: string): Promise<Payload | undefined> {
      const id = await store.get(`${this.prefix}uid:${uid}`);
      return id === undefined ? undefined : this.find(id);
    }

    async findByUserCode(userCode: string): Promise<Payload | undefined> {
      const id = await store.get(`${this.prefix}user-code:${userCode}`);
      return id === undefined ? undefined : this.find(id);
    }

    async consume(id: string): Promise<void> {
      const seconds = await store.remainingSeconds(this.key(id));
      if (seconds !== undefined) await store.setIfAbsent(`${this.key(id)}:consumed`, String(Math.floor(Date.now() / 1000)), seconds);
    }

    async destroy(id: string): Promise<void> {
      if (this.model === 'Grant') {
        const accountId = (await this.find(id))?.accountId;
        if (accountId) await store.removeFromSet(memberGrantsKey(accountId), id);
      }
      await store.delete(this.key(id));
      await store.delete(`${this.key(id)}:consumed`);
    }

    /** Ends every record of a grant, whichever model and instance made it (code reuse, logout, Remove). */
    async revokeByGrantId(grantId: string): Promise<void> {
      const index = `oidc:grant:${grantId}`;
      for (const entry of await store.setMembers(index)) {
        const at = entry.indexOf(':');
        await store.delete(`oidc:${entry.slice(0, at)}:${entry.slice(at + 1)}`);
      }
      await store.delete(index);
    }
  };
}
