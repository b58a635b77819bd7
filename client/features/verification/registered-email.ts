/**
 * The address a verification mail was just sent to, and when, kept for this tab only: the
 * verify page names it, resends to it, and a reload does not restart the resend countdown.
 */
const KEY = 'registeredEmail';

export interface SentVerification {
  email: string;
  /** Epoch milliseconds of the last send. */
  sentAt: number;
  /** From the Register reply: lets the verify page resend without a captcha. */
  registrationProof?: string;
}

export function storeRegisteredEmail(email: string, sentAt = Date.now(), registrationProof?: string): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ email, sentAt, registrationProof } satisfies SentVerification));
  } catch {
    // Storage can be unavailable (private mode); the verify page then asks for the address.
  }
}

export function readRegisteredEmail(): SentVerification | undefined {
  try {
    const stored = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as Partial<SentVerification> | null;
    if (typeof stored?.email !== 'string' || stored.email === '') return undefined;
    return {
      email: stored.email,
      sentAt: typeof stored.sentAt === 'number' ? stored.sentAt : 0,
      ...(typeof stored.registrationProof === 'string' ? { registrationProof: stored.registrationProof } : {}),
    };
  } catch {
    return undefined;
  }
}
