import { OTP_SEND_WINDOW_SECONDS } from '../../../shared/limits.ts';
import { normalizeEmail } from '../../../shared/rules/email.ts';
import type { KeyValueStore } from '../store/key-value-store.ts';

/** Where the window's code went by text: the member and the last digits of the number. */
export interface TextDestination {
  memberId: number;
  lastThreeDigits: string;
}

export type WindowClaim = { claimed: true } | { claimed: false; remainingSeconds: number; text?: TextDestination };

const windowKey = (account: string) => `otp-window:${account}`;

/**
 * The send window of spec section 4: after a code is sent for an account, no other code is
 * sent for it (by e-mail or phone) for OTP_SEND_WINDOW_SECONDS. Kept by the portal, shared by
 * its instances through the KeyValueStore, so clearing cookies does not get around it.
 */
export class OtpSendWindow {
  constructor(private readonly store: KeyValueStore) {}

  static account(userId: string): string {
    return normalizeEmail(userId);
  }

  /** Opens the account's window, or tells how long the running one still lasts (one winner among parallel requests). */
  async claim(account: string): Promise<WindowClaim> {
    if (await this.store.setIfAbsent(windowKey(account), '{}', OTP_SEND_WINDOW_SECONDS)) return { claimed: true };
    const [value, remaining] = await Promise.all([this.store.get(windowKey(account)), this.store.remainingSeconds(windowKey(account))]);
    const text = value ? (JSON.parse(value) as { text?: TextDestination }).text : undefined;
    return { claimed: false, remainingSeconds: remaining ?? OTP_SEND_WINDOW_SECONDS, ...(text ? { text } : {}) };
  }

  /** Remembers where the code went (phone), for replies while the window runs. */
  async sent(account: string, text: TextDestination | undefined): Promise<void> {
    if (!text) return;
    const remaining = (await this.store.remainingSeconds(windowKey(account))) ?? OTP_SEND_WINDOW_SECONDS;
    await this.store.set(windowKey(account), JSON.stringify({ text }), remaining);
  }

  /** Closes a window whose code was not sent, so the member may try again at once. */
  async release(account: string): Promise<void> {
    await this.store.delete(windowKey(account));
  }
}
