/**
 * The password mail just sent, and when, kept for this tab: the notice names the address, and a
 * reload does not restart the resend countdown.
 */
const KEY = 'passwordMailSent';

export interface SentMail {
  /** The e-mail address, or the id from a reset link when the address is not known. */
  userId: string;
  /** Epoch milliseconds of the last send. */
  sentAt: number;
}

export function storeSentMail(userId: string, sentAt = Date.now()): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ userId, sentAt } satisfies SentMail));
  } catch {
    // Without storage the notice shows a generic text.
  }
}

export function readSentMail(): SentMail | undefined {
  try {
    const stored = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as Partial<SentMail> | null;
    if (typeof stored?.userId !== 'string' || stored.userId === '') return undefined;
    return { userId: stored.userId, sentAt: typeof stored.sentAt === 'number' ? stored.sentAt : 0 };
  } catch {
    return undefined;
  }
}
