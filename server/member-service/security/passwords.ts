import { randomBytes } from 'node:crypto';
import { hash, verify, type Algorithm, type Options } from '@node-rs/argon2';

/** argon2id with the OWASP minimum: 19 MiB, 2 passes, 1 lane. (Algorithm is a const enum: 2 = Argon2id.) */
const ARGON2ID_OPTIONS: Options = { algorithm: 2 as Algorithm, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2ID_OPTIONS);
}

let dummyHash: Promise<string> | undefined;
function throwawayHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash;
}

/** Computes the throwaway hash ahead of time, so that the first unknown sign-in is not slower. */
export async function prepareDummyHash(): Promise<void> {
  await throwawayHash();
}

/**
 * Checks a password against a stored hash. Without a hash (unknown account, social-only member)
 * it verifies against a throwaway hash so that the reply takes the same work either way.
 */
export async function verifyPassword(storedHash: string | null | undefined, password: string): Promise<boolean> {
  if (!storedHash) {
    await verify(await throwawayHash(), password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
