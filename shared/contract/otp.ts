import { Type } from '@sinclair/typebox';
import { OtpVerifyRequestSchema, SendOtpCodeRequestSchema } from '../schemas/auth.ts';
import { replies, route } from './route.ts';
import { SignedInDataSchema, withSignedInFrom } from './sign-in.ts';

const OtpSentSchema = Type.Object({
  showSendCode: Type.Boolean(),
  /**
   * Phone, to the portal only: the member the text went to and the last three digits of the
   * number. The portal passes the digits on only to a browser that member signed in from.
   */
  memberId: Type.Optional(Type.Integer()),
  lastThreeDigits: Type.Optional(Type.String()),
});

/**
 * A code sign-in as the portal sends it: `confirmsPassword` when the same browser session has
 * just given the right password for the account and been asked for a mailed code on top
 * (`confirmbycode`): the code then confirms that password for good.
 */
const UpstreamOtpVerifySchema = withSignedInFrom(
  Type.Composite([OtpVerifyRequestSchema, Type.Object({ confirmsPassword: Type.Optional(Type.Boolean()) })]),
);

/** One-time sign-in codes by e-mail or text message. */
export const otpContract = {
  sendOtpCode: route('POST', '/api/Member/SendOtpCode', { body: SendOtpCodeRequestSchema, response: replies(OtpSentSchema) }),
  otpVerify: route('POST', '/api/Member/otpVerify', { body: UpstreamOtpVerifySchema, response: replies(SignedInDataSchema) }),
};
