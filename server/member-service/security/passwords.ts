import { randomBytes } from 'node:crypto';
import { hash, verify, type Algorithm, type Options } from '@node-rs/argon2';
import { HashSlots } from './hash-slots.ts';

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
}

export function passwordHasher(cost: PasswordHashCost): PasswordHasher {
  const options = ARGON2ID_COSTS[cost];
  const slots = new HashSlots();
  let dummyHash: Promise<string> | undefined;
  const throwawayHash = () => (dummyHash ??= slots.run(() => hash(randomBytes(16).toString('hex'), options)));
  return {
    hash: (password) => slots.run(() => hash(password, options)),
    async verify(storedHash, password) {
      if (!storedHash) {
        const throwaway = await throwawayHash();
        await slots.run(() => verify(throwaway, password)).catch(() => false);
        return false;
      }
      return slots.run(() => verify(storedHash, password)).catch(() => false);
    },
    async prepare() {
      await throwawayHash();
    },
  };
}
