import type Provider from 'oidc-provider';
import type { KeyValueStore } from '../store/key-value-store.ts';
import { memberGrantsKey } from './store-adapter.ts';

/** The member's grants (by subject) that still exist, each with its id: the store's per-member index, read through the provider. */
export async function memberGrants(provider: Provider, store: KeyValueStore, subject: string) {
  const ids = await store.setMembers(memberGrantsKey(subject));
  const found = await Promise.all(ids.map(async (id) => ({ id, grant: await provider.Grant.find(id) })));
  return found.flatMap(({ id, grant }) => (grant && grant.accountId === subject ? [{ id, grant }] : []));
}
