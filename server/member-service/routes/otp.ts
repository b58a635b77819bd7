import type { FastifyInstance } from 'fastify';
import { MemberStatus, OtpVerifyType } from '../../../shared/enums.ts';
import { OTP_VALID_SECONDS } from '../../../shared/limits.ts';
import { normalizeEmail } from '../../../shared/rules/email.ts';
import { OtpVerifyRequestSchema, SendOtpCodeRequestSchema, type OtpVerifyRequest, type SendOtpCodeRequest } from '../../../shared/schemas/auth.ts';
import { fail, ok } from '../../../shared/schemas/reply.ts';
import type { ServiceContext } from '../context.ts';
import { mailLanguage } from '../language.ts';
import type { MemberRow } from '../store/schema.ts';
import { LOGIN_FLOW, newOtpCode, OTP_MAX_ATTEMPTS, otpCodeHasher } from '../sign-in/otp-code.ts';
import { renderOtpMail, renderOtpSms } from '../sign-in/otp-mail.ts';
import { signInReply } from '../sign-in/sign-in-reply.ts';
import { internationalNumber } from '../sms/sms-sender.ts';

const BLOCKED_STATUSES: number[] = [MemberStatus.Inactive, MemberStatus.Deactivated];
const MINUTES = Math.round(OTP_VALID_SECONDS / 60);

const hasMobile = (member: MemberRow) => member.mobile.replace(/\D/g, '') !== '' && member.mobile_country_code.replace(/\D/g, '') !== '';

/** Sign-in by a one-time code sent by e-mail or to the mobile phone. */
export async function otpRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const { store, clock, config, background } = ctx;
  const hashCode = otpCodeHasher(config.passwordEncodingKey);

  async function issue(member: MemberRow, channel: number): Promise<{ code: string; id: number }> {
    const code = newOtpCode();
    const now = clock.now();
    const id = await store.otpCodes.issue({
      memberId: member.id,
      flow: LOGIN_FLOW,
      channel,
      codeHash: hashCode(member.id, LOGIN_FLOW, code),
      now,
      expiresAt: now + OTP_VALID_SECONDS * 1000,
    });
    return { code, id };
  }

  // By e-mail the reply is the same whether or not the account exists, and the mail goes out
  // after it. By phone the member needs to know whether a text was sent, so an account without
  // a mobile number and an unknown one get the same PhoneNotEnabled.
  app.post<{ Body: SendOtpCodeRequest }>('/api/Member/SendOtpCode', { schema: { body: SendOtpCodeRequestSchema } }, async (request) => {
    const { userId, otpVerifyType, lang } = request.body;
    const found = await store.members.findByEmail(normalizeEmail(userId));
    const member = found && !BLOCKED_STATUSES.includes(found.status) ? found : undefined;
    const language = mailLanguage(lang, request.headers['accept-language'], member?.lang);

    if (otpVerifyType === OtpVerifyType.Phone) {
      if (!member || !hasMobile(member)) return fail('PhoneNotEnabled');
      const { code, id } = await issue(member, OtpVerifyType.Phone);
      const values = { firstName: member.first_name, lastName: member.last_name, code, minutes: MINUTES };
      try {
        await ctx.sms.send({ to: internationalNumber(member.mobile_country_code, member.mobile), text: renderOtpSms(language, values) });
      } catch (error) {
        request.log.warn({ err: error }, 'text message delivery failed');
        await store.otpCodes.invalidate(id, clock.now());
        return fail('badrequest');
      }
      return ok({ showSendCode: true, lastThreeDigits: member.mobile.replace(/\D/g, '').slice(-3) });
    }

    if (member) {
      background.run('sending a sign-in code', async () => {
        const { code } = await issue(member, OtpVerifyType.Email);
        const mail = renderOtpMail(language, { firstName: member.first_name, lastName: member.last_name, code, minutes: MINUTES });
        await ctx.mailer.send({ to: member.email, ...mail });
      });
    }
    return ok({ showSendCode: true });
  });

  app.post<{ Body: OtpVerifyRequest }>('/api/Member/otpVerify', { schema: { body: OtpVerifyRequestSchema } }, async (request) => {
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
