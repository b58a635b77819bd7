import { OTP_VALID_SECONDS } from '../../../shared/limits.ts';
import type { CoreContext } from '../core-context.ts';
import { newOtpCode, otpCodeHasher } from './otp-code.ts';

export interface CodeToIssue {
  memberId: number;
  /** The flow the code is stored under (the member's newest code of the flow is the valid one). */
  flow: string;
  /** Bound into the code's hash: the flow, or more (phone proofs add the number). */
  scope: string;
  /** Delivery: 1 e-mail, 2 phone. */
  channel: number;
}

/** Issues one-time codes: a new code voids the member's earlier ones of its flow; only its keyed hash is stored. */
export function codeIssuer(ctx: CoreContext) {
  const hashCode = otpCodeHasher(ctx.config.passwordEncodingKey);
  return async function issueCode({ memberId, flow, scope, channel }: CodeToIssue): Promise<{ code: string; id: number }> {
    const code = newOtpCode();
    const now = ctx.clock.now();
    const codeHash = hashCode(memberId, scope, code);
    const id = await ctx.store.otpCodes.issue({ memberId, flow, channel, codeHash, now, expiresAt: now + OTP_VALID_SECONDS * 1000 });
    return { code, id };
  };
}
