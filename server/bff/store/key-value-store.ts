/**
 * The small store behind BFF sessions, the member-session index, lockout counters and OTP
 * send times. The in-process implementation serves one instance; the Redis implementation of
 * the same interface lets several instances share state. Values are strings (JSON where
 * structured). A key holds either a value or a set, never both. Every TTL is in seconds and
 * must be positive; a key whose TTL has passed is absent.
 *
 * When the store cannot be reached, every method rejects with StoreUnavailableError.
 */
export interface KeyValueStore {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string, ttlSeconds: number): Promise<void>;
  /** Stores the value only when the key is absent; true when it did (one winner among concurrent callers). */
  setIfAbsent(key: string, value: string, ttlSeconds: number): Promise<boolean>;
  /** Stores the value only when the key is present (a deleted key stays deleted); true when it did. */
  replace(key: string, value: string, ttlSeconds: number): Promise<boolean>;
  delete(key: string): Promise<void>;
  /** Returns the value and deletes it in one step: of concurrent callers, exactly one gets it. */
  take(key: string): Promise<string | undefined>;
  /** Adds one and returns the new count; the TTL starts when the key is created and is not extended. */
  increment(key: string, ttlSeconds: number): Promise<number>;
  /** Whole seconds (rounded up) until the key expires; undefined when it is absent. */
  remainingSeconds(key: string): Promise<number | undefined>;
  /** Adds a member to the set at `key`; the set's TTL restarts at every add. */
  addToSet(key: string, member: string, ttlSeconds: number): Promise<void>;
  removeFromSet(key: string, member: string): Promise<void>;
  /** The set's members in no particular order; empty when the key is absent. */
  setMembers(key: string): Promise<string[]>;
  /** True when the store answers; never rejects. */
  isHealthy(): Promise<boolean>;
  close(): Promise<void>;
}
