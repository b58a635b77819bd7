import { LOCKOUT_MAX_FAILURES, LOCKOUT_SECONDS } from '../../../shared/limits.ts';
import { normalizeEmail } from '../../../shared/rules/email.ts';
import type { KeyValueStore } from '../store/key-value-store.ts';
import { lockoutsTotal } from '../metrics/portal-metrics.ts';

/** Wrong passwords older than this no longer count towards a lock. */
const ATTEMPTS_MEMORY_SECONDS = 15 * 60;

export type AttemptGate = { allowed: true; attempt: number } | { allowed: false; remainingSeconds: number };

const lockKey = (account: string) => `lockout:lock:${account}`;
const attemptsKey = (account: string) => `lockout:attempts:${account}`;

/**
 * Account lockout of spec section 9: LOCKOUT_MAX_FAILURES consecutive wrong passwords, at any
 * door that checks one (sign-in-doors.ts), lock all of the account's password checks for
 * LOCKOUT_SECONDS. The account is the sign-in ID as typed
 * (normalised), whether or not it exists, so a lock tells nothing about existence. State lives
 * in the KeyValueStore, shared by every portal instance when that is Redis.
 */
export class SignInLockout {
  constructor(private readonly store: KeyValueStore) {}

  static account(userId: string): string {
    return normalizeEmail(userId);
  }

  /** A passkey's own series (credential ids are case-sensitive and never an address). */
  static credential(credentialId: string): string {
    return `passkey:${credentialId}`;
  }

  /**
   * Takes one attempt before the password is checked. The count goes up before the member
   * service is asked, so parallel guesses cannot get more than LOCKOUT_MAX_FAILURES checks in.
   * During a lock nothing is counted and the lock is not extended.
   */
  async begin(account: string): Promise<AttemptGate> {
    const remaining = await this.store.remainingSeconds(lockKey(account));
    if (remaining !== undefined) return { allowed: false, remainingSeconds: remaining };
    const attempt = await this.store.increment(attemptsKey(account), ATTEMPTS_MEMORY_SECONDS);
    if (attempt > LOCKOUT_MAX_FAILURES) return { allowed: false, remainingSeconds: await this.lock(account) };
    return { allowed: true, attempt };
  }

  /** After a wrong password: the attempt that completes the series locks the account; returns the lock's seconds then. */
  async failed(account: string, attempt: number): Promise<number | undefined> {
    return attempt >= LOCKOUT_MAX_FAILURES ? this.lock(account) : undefined;
  }

  /** After a right password: the series starts again. */
  async succeeded(account: string): Promise<void> {
    await this.store.delete(attemptsKey(account));
  }

  private async lock(account: string): Promise<number> {
    if (await this.store.setIfAbsent(lockKey(account), '1', LOCKOUT_SECONDS)) lockoutsTotal.inc();
    await this.store.delete(attemptsKey(account));
    return (await this.store.remainingSeconds(lockKey(account))) ?? LOCKOUT_SECONDS;
  }
}
