import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import type { KeyValueStore } from './key-value-store.ts';
import { StoreUnavailableError } from './store-unavailable-error.ts';

export interface RedisStoreOptions {
  url: string;
  /** Put before every key (sessions, counters, rate limits), so that several portals can share one Redis. */
  keyPrefix: string;
  log: FastifyBaseLogger;
}

/** Longest a request waits for Redis before it gets 503: a slow store must not hold requests. */
const COMMAND_TIMEOUT_MS = 2000;
const MAX_RECONNECT_DELAY_MS = 1000;

/** INCR and, only when it created the key, the TTL: one round trip, atomic across instances. */
const INCREMENT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return count`;

/** The client with the script above defined on it as a command. */
type ClientWithIncrement = Redis & { portalIncrement(key: string, ttlMs: number): Promise<number> };

function milliseconds(ttlSeconds: number): number {
  return Math.max(1, Math.ceil(ttlSeconds * 1000));
}

/**
 * KeyValueStore on Redis, shared by every BFF instance pointed at the same server. While
 * Redis is away, commands fail at once with StoreUnavailableError (no offline queue, no
 * retries) and the client keeps reconnecting in the background, so the portal recovers by itself.
 */
export class RedisStore implements KeyValueStore {
  /** The connection, also handed to @fastify/rate-limit so that its counters are shared too. */
  readonly client: Redis;
  private readonly log: FastifyBaseLogger;
  private unavailable = false;

  constructor(options: RedisStoreOptions) {
    this.log = options.log;
    this.client = new Redis(options.url, {
      keyPrefix: options.keyPrefix,
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: COMMAND_TIMEOUT_MS,
      connectTimeout: COMMAND_TIMEOUT_MS,
      retryStrategy: (attempt) => Math.min(attempt * 100, MAX_RECONNECT_DELAY_MS),
    });
    this.client.defineCommand('portalIncrement', { numberOfKeys: 1, lua: INCREMENT_SCRIPT });
    // One line when Redis goes away and one when it is back, not one per reconnect attempt.
    this.client.on('error', (err: Error) => {
      if (this.unavailable) return;
      this.unavailable = true;
      this.log.error({ err }, 'redis unavailable');
    });
    this.client.on('ready', () => {
      if (this.unavailable) this.log.info('redis connection restored');
      this.unavailable = false;
    });
  }

  /** Connects; when Redis is not there yet the portal starts anyway and keeps trying. */
  async connect(): Promise<void> {
    await this.client.connect().catch(() => undefined);
  }

  /** Throws StoreUnavailableError unless the connection is up: for callers that use the client directly. */
  assertConnected(): void {
    if (this.client.status !== 'ready') throw new StoreUnavailableError();
  }

  private async run<T>(command: (client: Redis) => Promise<T>): Promise<T> {
    try {
      return await command(this.client);
    } catch (err) {
      // A failure on a working connection (a timeout, a refused command) is worth a line of its own.
      if (this.client.status === 'ready') this.log.error({ err }, 'redis command failed');
      throw new StoreUnavailableError({ cause: err });
    }
  }

  async get(key: string): Promise<string | undefined> {
    return (await this.run((c) => c.get(key))) ?? undefined;
  }

  async set(key: string, value: string, ttlSeconds: number): Promise<void> {
    if (ttlSeconds <= 0) return this.delete(key);
    await this.run((c) => c.set(key, value, 'PX', milliseconds(ttlSeconds)));
  }

  async setIfAbsent(key: string, value: string, ttlSeconds: number): Promise<boolean> {
    return (await this.run((c) => c.set(key, value, 'PX', milliseconds(ttlSeconds), 'NX'))) === 'OK';
  }

  async replace(key: string, value: string, ttlSeconds: number): Promise<boolean> {
    return (await this.run((c) => c.set(key, value, 'PX', milliseconds(ttlSeconds), 'XX'))) === 'OK';
  }

  async delete(key: string): Promise<void> {
    await this.run((c) => c.del(key));
  }

  async take(key: string): Promise<string | undefined> {
    return (await this.run((c) => c.getdel(key))) ?? undefined;
  }

  async increment(key: string, ttlSeconds: number): Promise<number> {
    const count = await this.run((c) => (c as ClientWithIncrement).portalIncrement(key, milliseconds(ttlSeconds)));
    return Number(count);
  }

  async remainingSeconds(key: string): Promise<number | undefined> {
    const ms = await this.run((c) => c.pttl(key));
    return ms === -2 ? undefined : Math.ceil(Math.max(ms, 0) / 1000);
  }

  async addToSet(key: string, member: string, ttlSeconds: number): Promise<void> {
    await this.run((c) => c.multi().sadd(key, member).pexpire(key, milliseconds(ttlSeconds)).exec());
  }

  async removeFromSet(key: string, member: string): Promise<void> {
    await this.run((c) => c.srem(key, member));
  }

  async setMembers(key: string): Promise<string[]> {
    return this.run((c) => c.smembers(key));
  }

  async isHealthy(): Promise<boolean> {
    if (this.client.status !== 'ready') return false;
    return this.client.ping().then(
      (reply) => reply === 'PONG',
      () => false,
    );
  }

  async close(): Promise<void> {
    if (this.client.status === 'ready') await this.client.quit().catch(() => undefined);
    this.client.disconnect();
  }
}
