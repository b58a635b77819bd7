import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import type { KeyValueStore } from '../store/key-value-store.ts';

const failuresKey = (address: string) => `sign-in-failures:${address}`;

/**
 * Failed sign-in checks per client address: a wrong password, code or ticket at any sign-in
 * door. Successful sign-ins are not counted, so an office behind one address can sign in
 * together, while spraying one password across many accounts runs out after `limit` failures
 * in `windowSeconds` (a fixed window from the first failure). Per-account guessing is the
 * lockout's job. Counted in the KeyValueStore, so all portal instances count together; parallel
 * requests may overshoot the limit by the number in flight.
 */
export class AddressFailures {
  constructor(
    private readonly store: KeyValueStore,
    private readonly limit: number,
    private readonly windowSeconds: number,
  ) {}

  /** The client address as the per-IP rate limits see it (an IPv6 address by its subnet). */
  static address(request: FastifyRequest): string {
    return normalizeIP(request.ip);
  }

  /** Seconds until the address may try again; undefined while it is under the limit. */
  async blockedFor(address: string): Promise<number | undefined> {
    const failures = Number((await this.store.get(failuresKey(address))) ?? 0);
    if (failures < this.limit) return undefined;
    return (await this.store.remainingSeconds(failuresKey(address))) ?? this.windowSeconds;
  }

  async failed(address: string): Promise<void> {
    await this.store.increment(failuresKey(address), this.windowSeconds);
  }
}
