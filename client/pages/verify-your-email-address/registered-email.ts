/**
 * The address a verification mail was just sent to, and when, kept for this tab only: the
 * verify page names it, resends to it, and a reload does not restart the resend countdown.
 */
const KEY = 'registeredEmail';

export interface SentVerification {
  email: string;
  /** Epoch milliseconds of the last send. */
  sentAt: number;
}

export function storeRegisteredEmail(email: string, sentAt = Date.now()): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ email, sentAt } satisfies SentVerification));
  } catch {
    // Storage can be unavailable (private mode); the verify page then asks for the address.
  }
}

export function readRegisteredEmail(): SentVerification | undefined {
  try {
    const stored = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as Partial<SentVerification> | null;
    if (typeof stored?.email !== 'string' || stored.email === '') return undefined;
    return { email: stored.email, sentAt: typeof stored.sentAt === 'number' ? stored.sentAt : 0 };
  } catch {
    return undefined;
  }
}
