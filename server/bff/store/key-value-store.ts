/**
 * The small store behind BFF sessions and, later, lockout counters and OTP send times.
 * The in-process implementation serves one instance; a Redis implementation of the same
 * interface lets several instances share state. Values are strings (JSON where structured).
 */
export interface KeyValueStore {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string, ttlSeconds: number): Promise<void>;
  delete(key: string): Promise<void>;
  /** Adds one and returns the new count; the TTL starts when the key is created. */
  increment(key: string, ttlSeconds: number): Promise<number>;
  close(): Promise<void>;
}
