import { createHash, createHmac } from 'node:crypto';
import type { CoreContext } from '../core-context.ts';

const HOUR_MS = 60 * 60 * 1000;

/** What is counted: text messages per phone number, verification mails per address. */
export type DeliveryChannel = 'sms' | 'verification-mail';

/**
 * The hourly budget of each destination (SMS_PER_NUMBER_PER_HOUR, VERIFICATION_MAIL_PER_ADDRESS_PER_HOUR),
 * counted per clock hour across all accounts and instances: one number on a hundred accounts gets
 * no more texts than on one, so pumping texts to it (or mails to an address) costs the same budget.
 * Destinations are stored as keyed hashes: a table of phone numbers would be a leak of its own.
 */
export function deliveryBudget(ctx: CoreContext) {
  const key = createHash('sha256').update(`delivery-budgets:${ctx.config.passwordEncodingKey}`).digest();
  const limits: Record<DeliveryChannel, number> = {
    sms: ctx.config.smsPerNumberPerHour,
    'verification-mail': ctx.config.verificationMailPerAddressPerHour,
  };
  return {
    /** Counts one message to the destination; false when its budget for this hour is spent (then nothing may be sent). */
    async take(channel: DeliveryChannel, destination: string): Promise<boolean> {
      const windowStart = Math.floor(ctx.clock.now() / HOUR_MS) * HOUR_MS;
      const hashed = createHmac('sha256', key).update(`${channel}:${destination.trim().toLowerCase()}`).digest('base64url');
      await ctx.store.deliveryBudgets.forgetBefore(windowStart);
      return ctx.store.deliveryBudgets.take(hashed, windowStart, limits[channel]);
    },
  };
}
