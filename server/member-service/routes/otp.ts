import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { MemberStatus, OtpVerifyType } from '../../../shared/enums.ts';
import { normalizeEmail } from '../../../shared/rules/email.ts';
import { otpContract } from '../../../shared/contract/otp.ts';
import { fail, ok } from '../../../shared/schemas/reply.ts';
import type { ServiceContext } from '../context.ts';
import { mailLanguage } from '../language.ts';
import { lastThreeDigits, provenMobileOf } from '../phone/proven-mobile.ts';
import { textCodes } from '../phone/text-code.ts';
import type { MemberRow } from '../store/schema.ts';
import { LOGIN_FLOW, OTP_MAX_ATTEMPTS, otpCodeHasher } from '../sign-in/otp-code.ts';
import { signInReply } from '../sign-in/sign-in-reply.ts';

const NO_CODES: number[] = [MemberStatus.Unverified, MemberStatus.Inactive, MemberStatus.Deactivated];

/**
 * Who may get sign-in codes: a member whose address was proven (activated) and who is not
 * blocked. A registration nobody activated sends nothing, by mail or text.
 */
const mayGetCodes = (member: MemberRow) => !NO_CODES.includes(member.status);

/** Sign-in by a one-time code sent by e-mail or to the mobile phone. */
export async function otpRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const { store, clock, config, background } = ctx;
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const hashCode = otpCodeHasher(config.passwordEncodingKey);
  const sendCodeByText = textCodes(ctx);

  // The reply is the same whether the account exists, has a proven mobile number or neither,
  // by e-mail and by phone alike, and the message goes out after it, so neither the answer nor
  // its time tells. Only the portal hears where a text went (memberId, lastThreeDigits): it shows
  // the digits to a browser that member has already signed in from, and to no one else.
  api.post(otpContract.sendOtpCode.url, { schema: otpContract.sendOtpCode.schema }, async (request, reply) => {
    const { userId, otpVerifyType, lang } = request.body;
    const found = await store.members.findByEmail(normalizeEmail(userId));
    const member = found && mayGetCodes(found) ? found : undefined;
    const language = mailLanguage(lang, request.headers['accept-language'], member?.lang);

    if (otpVerifyType === OtpVerifyType.Phone) {
      const number = member && provenMobileOf(member);
      if (member && number) {
        background.afterReply(reply, 'sending a sign-in text', async () => {
          const sent = await sendCodeByText(member, number, 'sign-in-text', language, request.log);
          // The number's hourly budget spent: the code goes by e-mail instead. (A gateway that
          // refused gets the text again from the queue, with a new code.)
          if (!sent.sent && sent.why === 'budget-spent') await ctx.messages.queue(member.id, 'sign-in-code', { lang: language });
        });
        return ok({ showSendCode: true, memberId: member.id, lastThreeDigits: lastThreeDigits(number) });
      }
      // No proven number: the code goes to the mailbox, as the member would have asked next (the
      // send window, running now whatever the account, would otherwise keep them waiting).
    }

    if (member) {
      background.afterReply(reply, 'sending a sign-in code', () => ctx.messages.queue(member.id, 'sign-in-code', { lang: language }));
    }
    return ok({ showSendCode: true });
  });

  api.post(otpContract.otpVerify.url, { schema: otpContract.otpVerify.schema }, async (request) => {
    const { userId, code, returnUrl } = request.body;
    const member = await store.members.findByEmail(normalizeEmail(userId));
    if (!member) return fail('unauthorized');
    const check = await store.otpCodes.check(member.id, LOGIN_FLOW, hashCode(member.id, LOGIN_FLOW, code), clock.now(), OTP_MAX_ATTEMPTS);
    if (check === 'wrong') return fail('unauthorized');
    if (check === 'expired') return fail('TokenIssue');
    if (check === 'no-longer-valid') return fail('CodeNoLongerValid');
    const channel = await store.otpCodes.usedChannel(member.id, LOGIN_FLOW);
    // The password given in this browser session, and now the mailbox's code: the password is the owner's.
    if (request.body.confirmsPassword === true && channel === OtpVerifyType.Email && member.password_unconfirmed === 1) {
      await store.members.update(member.id, { password_unconfirmed: 0, updated_at: clock.now() });
    }
    return signInReply(ctx, member, {
      way: channel === OtpVerifyType.Email ? 'mail-code' : 'text-code',
      returnUrl,
      signedInFrom: request.body.signedInFrom,
    });
  });
}
