import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { MemberStatus, OtpVerifyType } from '../../../shared/enums.ts';
import { OTP_VALID_SECONDS } from '../../../shared/limits.ts';
import { normalizeEmail } from '../../../shared/rules/email.ts';
import { otpContract } from '../../../shared/contract/otp.ts';
import { fail, ok } from '../../../shared/schemas/reply.ts';
import type { ServiceContext } from '../context.ts';
import { mailLanguage } from '../language.ts';
import { provenMobileOf } from '../phone/proven-mobile.ts';
import { textCodes } from '../phone/text-code.ts';
import type { MemberRow } from '../store/schema.ts';
import { codeIssuer } from '../sign-in/issue-code.ts';
import { LOGIN_FLOW, OTP_MAX_ATTEMPTS, otpCodeHasher } from '../sign-in/otp-code.ts';
import { renderOtpMail, renderOtpSms } from '../sign-in/otp-mail.ts';
import { signInReply } from '../sign-in/sign-in-reply.ts';

const NO_CODES: number[] = [MemberStatus.Unverified, MemberStatus.Inactive, MemberStatus.Deactivated];
const MINUTES = Math.round(OTP_VALID_SECONDS / 60);

/**
 * Who may get sign-in codes: a member whose address was proven (activated) and who is not
 * blocked. A registration nobody activated sends nothing, by mail or text.
 */
const mayGetCodes = (member: MemberRow) => !NO_CODES.includes(member.status);

const codeValues = (member: MemberRow, code: string) => ({ firstName: member.first_name, lastName: member.last_name, code, minutes: MINUTES });

/** Sign-in by a one-time code sent by e-mail or to the mobile phone. */
export async function otpRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const { store, clock, config, background } = ctx;
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const hashCode = otpCodeHasher(config.passwordEncodingKey);
  const issueCode = codeIssuer(ctx);
  const sendCodeByText = textCodes(ctx);

  // By e-mail the reply is the same whether or not the account exists, and the mail goes out
  // after it. By phone the member needs to know whether a text was sent, so an account without
  // a proven mobile number, one that may get no codes and an unknown one all get PhoneNotEnabled.
  api.post(otpContract.sendOtpCode.url, { schema: otpContract.sendOtpCode.schema }, async (request, reply) => {
    const { userId, otpVerifyType, lang } = request.body;
    const found = await store.members.findByEmail(normalizeEmail(userId));
    const member = found && mayGetCodes(found) ? found : undefined;
    const language = mailLanguage(lang, request.headers['accept-language'], member?.lang);

    if (otpVerifyType === OtpVerifyType.Phone) {
      const number = member && provenMobileOf(member);
      if (!member || !number) return fail('PhoneNotEnabled');
      // The number's hourly budget spent counts as a failed delivery: the member is offered the code by e-mail.
      const sent = await sendCodeByText(member, number, { flow: LOGIN_FLOW, scope: LOGIN_FLOW, text: (code) => renderOtpSms(language, codeValues(member, code)) }, request.log);
      return sent.sent ? ok({ showSendCode: true, lastThreeDigits: sent.lastThreeDigits }) : fail('badrequest');
    }

    if (member) {
      background.afterReply(reply, 'sending a sign-in code', async () => {
        const { code } = await issueCode({ memberId: member.id, flow: LOGIN_FLOW, scope: LOGIN_FLOW, channel: OtpVerifyType.Email });
        await ctx.mailer.send({ to: member.email, ...renderOtpMail(language, codeValues(member, code)) });
      });
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
    return signInReply(ctx, member, { returnUrl });
  });
}
