import type { FastifyBaseLogger } from 'fastify';
import { OtpVerifyType } from '../../../shared/enums.ts';
import type { ServiceContext } from '../context.ts';
import { deliveryBudget } from '../delivery/delivery-budget.ts';
import { codeIssuer } from '../sign-in/issue-code.ts';
import type { MemberRow } from '../store/schema.ts';
import { lastThreeDigits } from './proven-mobile.ts';

export type TextCodeOutcome = { sent: true; lastThreeDigits: string } | { sent: false; why: 'budget-spent' | 'undelivered' };

export interface TextCode {
  /** The flow the code is stored under (the member's newest code of the flow is the valid one). */
  flow: string;
  /** Bound into the code's hash; a code checked under another scope is wrong. */
  scope: string;
  /** The text message carrying the code. */
  text: (code: string) => string;
}

/**
 * One-time codes by text message, within each number's hourly budget (delivery/delivery-budget.ts).
 * A code whose message could not be handed over is void at once.
 */
export function textCodes(ctx: ServiceContext) {
  const budget = deliveryBudget(ctx);
  const issueCode = codeIssuer(ctx);

  return async function sendCodeByText(member: MemberRow, number: string, message: TextCode, log: FastifyBaseLogger): Promise<TextCodeOutcome> {
    if (!(await budget.take('sms', number))) {
      log.warn({ memberId: member.id }, 'text message not sent: the number has had its messages for this hour');
      return { sent: false, why: 'budget-spent' };
    }
    const { code, id } = await issueCode({ memberId: member.id, flow: message.flow, scope: message.scope, channel: OtpVerifyType.Phone });
    try {
      await ctx.sms.send({ to: number, text: message.text(code) });
    } catch (error) {
      log.warn({ err: error }, 'text message delivery failed');
      await ctx.store.otpCodes.invalidate(id, ctx.clock.now());
      return { sent: false, why: 'undelivered' };
    }
    return { sent: true, lastThreeDigits: lastThreeDigits(number) };
  };
}
