import { systemClock, type Clock } from '../../common/clock.ts';
import type { KeyValueStore } from './key-value-store.ts';

interface Entry {
  value: string;
  expiresAt: number;
}

const SWEEP_INTERVAL_MS = 60_000;

/** In-process KeyValueStore for a single BFF instance; expiry follows the injected clock. */
export class MemoryStore implements KeyValueStore {
  private readonly entries = new Map<string, Entry>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly clock: Clock = systemClock) {
    this.sweeper = setInterval(() => this.sweep(), SWEEP_INTERVAL_MS);
    this.sweeper.unref();
  }

  private live(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt <= this.clock.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  private sweep(): void {
    const now = this.clock.now();
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
  }

  async get(key: string): Promise<string | undefined> {
    return this.live(key)?.value;
  }

  async set(key: string, value: string, ttlSeconds: number): Promise<void> {
    this.entries.set(key, { value, expiresAt: this.clock.now() + ttlSeconds * 1000 });
  }

  async delete(key: string): Promise<void> {
    this.entries.delete(key);
  }

  async increment(key: string, ttlSeconds: number): Promise<number> {
    const entry = this.live(key);
    const count = entry ? Number(entry.value) + 1 : 1;
    this.entries.set(key, { value: String(count), expiresAt: entry?.expiresAt ?? this.clock.now() + ttlSeconds * 1000 });
    return count;
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    this.entries.clear();
  }
}
