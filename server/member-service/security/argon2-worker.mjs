/**
 * The password-hashing threads (passwords.ts): argon2id computed on the thread itself, which runs
 * at a lower CPU priority than the threads serving requests. Plain JavaScript, so that every way
 * the service runs (tsx, compiled, Node alone) loads it as it is.
 */
import { hashSync, verifySync } from '@node-rs/argon2';

/** @param {{ password: string, options: import('@node-rs/argon2').Options }} task */
export function hash({ password, options }) {
  return hashSync(password, options);
}

/** A stored hash that cannot be read matches nothing. @param {{ storedHash: string, password: string }} task */
export function verify({ storedHash, password }) {
  try {
    return verifySync(storedHash, password);
  } catch {
    return false;
  }
}
