import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import type { Algorithm, Options } from '@node-rs/argon2';
import { Piscina } from 'piscina';

/** Algorithm is a const enum of @node-rs/argon2: 2 = Argon2id. */
const ARGON2ID = 2 as Algorithm;

/**
 * The cost of new hashes. `production`: argon2id with the OWASP minimum, 19 MiB, 2 passes, 1
 * lane (server/member-service/README.md). `test-only`: the smallest argon2id there is, for test
 * suites whose subject is not hashing (PASSWORD_HASH_COST, refused when NODE_ENV=production).
 * A stored hash carries its own parameters, so verifying works whatever the setting.
 */
export type PasswordHashCost = 'production' | 'test-only';

export const ARGON2ID_COSTS: Record<PasswordHashCost, Options> = {
  production: { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 },
  'test-only': { algorithm: ARGON2ID, memoryCost: 8, timeCost: 1, parallelism: 1 },
};

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /**
   * Checks a password against a stored hash. Without a hash (unknown account, social-only member)
   * it verifies against a throwaway hash of the same cost, so that the reply takes the same work either way.
   */
  verify(storedHash: string | null | undefined, password: string): Promise<boolean>;
  /** Computes the throwaway hash ahead of time, so that the first unknown sign-in is not slower. */
  prepare(): Promise<void>;
  /** Ends the hashing threads (a hash under way is abandoned). */
  close(): Promise<void>;
}

/**
 * How much lower the hashing threads' CPU priority is than the request threads' (Unix nice).
 * A hash takes about 9 ms of CPU; at the same priority, the steps of other requests (a read, the
 * rest of a sign-in) queue behind it for a core, and the next sign-in reaches the hashing threads
 * later. At a lower priority they run first, and the hashing takes every cycle they leave.
 */
const HASHING_NICE_INCREMENT = 10;
/** A second hashing thread, started when two hashes are asked for at once, ends after this long without work. */
const IDLE_THREAD_MS = 30_000;

/**
 * Threads that run argon2id, at most one per core: argon2id is memory-hard (19 MiB a hash at the
 * production cost), and more hashes at once than cores only take turns on the cores, each
 * evicting the others' memory from the caches (measured on 2 cores: 12 ms of CPU a verification
 * four at a time, 8.8 ms two at a time). Hashes beyond that wait their turn in order.
 */
function hashingThreads(): Piscina {
  return new Piscina({
    filename: new URL('./argon2-worker.mjs', import.meta.url).href,
    minThreads: 1,
    maxThreads: availableParallelism(),
    idleTimeout: IDLE_THREAD_MS,
    niceIncrement: HASHING_NICE_INCREMENT,
  });
}

export function passwordHasher(cost: PasswordHashCost): PasswordHasher {
  const options = ARGON2ID_COSTS[cost];
  const threads = hashingThreads();
  const hash = (password: string): Promise<string> => threads.run({ password, options }, { name: 'hash' });
  const verify = (storedHash: string, password: string): Promise<boolean> => threads.run({ storedHash, password }, { name: 'verify' });
  let dummyHash: Promise<string> | undefined;
  const throwawayHash = () => (dummyHash ??= hash(randomBytes(16).toString('hex')));
  return {
    hash,
    async verify(storedHash, password) {
      if (!storedHash) {
        await verify(await throwawayHash(), password);
        return false;
      }
      return verify(storedHash, password);
    },
    async prepare() {
      await throwawayHash();
    },
    close: () => threads.destroy(),
  };
}
