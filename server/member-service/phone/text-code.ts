import type { FastifyBaseLogger } from 'fastify';
import type { Language } from '../../../shared/languages.ts';
import type { ServiceContext } from '../context.ts';
import { deliveryBudget } from '../delivery/delivery-budget.ts';
import type { MemberRow } from '../store/schema.ts';
import { lastThreeDigits } from './proven-mobile.ts';

export type TextCodeOutcome = { sent: true; lastThreeDigits: string } | { sent: false; why: 'budget-spent' | 'undelivered' };

/**
 * One-time codes by text message, within each number's hourly budget (delivery/delivery-budget.ts).
 * The text is queued and attempted at once, because the reply tells whether it went; a first
 * attempt that failed voids its code, and the queue tries again with a new one until the code's
 * validity would have ended (or a newer code request replaces it).
 */
export function textCodes(ctx: Pick<ServiceContext, 'store' | 'clock' | 'config' | 'messages'>) {
  const budget = deliveryBudget(ctx);

  return async function sendCodeByText(
    member: MemberRow,
    number: string,
    kind: 'sign-in-text' | 'phone-proof-text',
    lang: Language,
    log: FastifyBaseLogger,
  ): Promise<TextCodeOutcome> {
    if (!(await budget.take('sms', number))) {
      log.warn({ memberId: member.id }, 'text message not sent: the number has had its messages for this hour');
      return { sent: false, why: 'budget-spent' };
    }
    if (!(await ctx.messages.queueAndSend(member.id, kind, { lang, number }))) return { sent: false, why: 'undelivered' };
    return { sent: true, lastThreeDigits: lastThreeDigits(number) };
  };
}
