import { systemClock, type Clock } from '../../common/clock.ts';
import type { KeyValueStore } from './key-value-store.ts';

interface Entry<T> {
  value: T;
  expiresAt: number;
}

const SWEEP_INTERVAL_MS = 60_000;

/** In-process KeyValueStore for a single BFF instance; expiry follows the injected clock. */
export class MemoryStore implements KeyValueStore {
  private readonly values = new Map<string, Entry<string>>();
  private readonly sets = new Map<string, Entry<Set<string>>>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly clock: Clock = systemClock) {
    this.sweeper = setInterval(() => this.sweep(), SWEEP_INTERVAL_MS);
    this.sweeper.unref();
  }

  private live<T>(map: Map<string, Entry<T>>, key: string): Entry<T> | undefined {
    const entry = map.get(key);
    if (entry && entry.expiresAt <= this.clock.now()) {
      map.delete(key);
      return undefined;
    }
    return entry;
  }

  private expiresAt(ttlSeconds: number): number {
    return this.clock.now() + ttlSeconds * 1000;
  }

  private sweep(): void {
    const now = this.clock.now();
    for (const map of [this.values, this.sets] as Map<string, Entry<unknown>>[]) {
      for (const [key, entry] of map) if (entry.expiresAt <= now) map.delete(key);
    }
  }

  async get(key: string): Promise<string | undefined> {
    return this.live(this.values, key)?.value;
  }

  async set(key: string, value: string, ttlSeconds: number): Promise<void> {
    this.values.set(key, { value, expiresAt: this.expiresAt(ttlSeconds) });
  }

  async setIfAbsent(key: string, value: string, ttlSeconds: number): Promise<boolean> {
    if (this.live(this.values, key)) return false;
    this.values.set(key, { value, expiresAt: this.expiresAt(ttlSeconds) });
    return true;
  }

  async replace(key: string, value: string, ttlSeconds: number): Promise<boolean> {
    if (!this.live(this.values, key)) return false;
    this.values.set(key, { value, expiresAt: this.expiresAt(ttlSeconds) });
    return true;
  }

  async delete(key: string): Promise<void> {
    this.values.delete(key);
    this.sets.delete(key);
  }

  async take(key: string): Promise<string | undefined> {
    const entry = this.live(this.values, key);
    this.values.delete(key);
    return entry?.value;
  }

  async increment(key: string, ttlSeconds: number): Promise<number> {
    const entry = this.live(this.values, key);
    const count = entry ? Number(entry.value) + 1 : 1;
    this.values.set(key, { value: String(count), expiresAt: entry?.expiresAt ?? this.expiresAt(ttlSeconds) });
    return count;
  }

  async remainingSeconds(key: string): Promise<number | undefined> {
    const entry = this.live(this.values, key) ?? this.live(this.sets, key);
    return entry === undefined ? undefined : Math.ceil((entry.expiresAt - this.clock.now()) / 1000);
  }

  async addToSet(key: string, member: string, ttlSeconds: number): Promise<void> {
    const members = this.live(this.sets, key)?.value ?? new Set<string>();
    members.add(member);
    this.sets.set(key, { value: members, expiresAt: this.expiresAt(ttlSeconds) });
  }

  async removeFromSet(key: string, member: string): Promise<void> {
    const entry = this.live(this.sets, key);
    entry?.value.delete(member);
    if (entry?.value.size === 0) this.sets.delete(key);
  }

  async setMembers(key: string): Promise<string[]> {
    return [...(this.live(this.sets, key)?.value ?? [])];
  }

  async isHealthy(): Promise<boolean> {
    return true;
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    this.values.clear();
    this.sets.clear();
  }
}
