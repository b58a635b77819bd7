import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { phoneProofContract } from '../../../shared/contract/phone-proof.ts';
import { fail, ok } from '../../../shared/schemas/reply.ts';
import type { ServiceContext } from '../context.ts';
import { mailLanguage } from '../language.ts';
import { mobileNumberOf } from '../phone/proven-mobile.ts';
import { textCodes } from '../phone/text-code.ts';
import { OTP_MAX_ATTEMPTS, otpCodeHasher, PHONE_PROOF_FLOW, phoneProofScope } from '../sign-in/otp-code.ts';

const noMobile = () => fail('FormValidateFail', { errors: [{ field: 'mobile', code: 'MobileNumberRequired' }] });

/**
 * The signed-in member proves the mobile number on the profile: a code goes there by text
 * message, and entering it marks that number as proven. Only a proven number gets sign-in codes.
 */
export async function phoneProofRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const { store, clock, config } = ctx;
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const hashCode = otpCodeHasher(config.passwordEncodingKey);
  const sendCodeByText = textCodes(ctx);

  api.post(
    phoneProofContract.send.url,
    { preHandler: app.requireMember, schema: phoneProofContract.send.schema },
    async (request, reply) => {
      const member = request.member!;
      const number = mobileNumberOf(member);
      if (!number) return reply.code(400).send(noMobile());
      const language = mailLanguage(request.body.lang, request.headers['accept-language'], member.lang);
      const sent = await sendCodeByText(member, number, 'phone-proof-text', language, request.log);
      if (sent.sent) return ok({ lastThreeDigits: sent.lastThreeDigits });
      return fail(sent.why === 'budget-spent' ? 'TooManyRequests' : 'badrequest');
    },
  );

  api.post(
    phoneProofContract.confirm.url,
    { preHandler: app.requireMember, schema: phoneProofContract.confirm.schema },
    async (request, reply) => {
      const member = request.member!;
      const number = mobileNumberOf(member);
      if (!number) return reply.code(400).send(noMobile());
      const now = clock.now();
      const check = await store.otpCodes.check(
        member.id,
        PHONE_PROOF_FLOW,
        hashCode(member.id, phoneProofScope(number), request.body.code),
        now,
        OTP_MAX_ATTEMPTS,
      );
      if (check === 'wrong') return fail('unauthorized');
      if (check === 'expired') return fail('TokenIssue');
      if (check === 'no-longer-valid') return fail('CodeNoLongerValid');
      await store.members.update(member.id, { proven_mobile: number, proven_mobile_at: now, updated_at: now });
      return ok({ mobileVerified: true });
    },
  );
}
