import { Type, type Static } from '@sinclair/typebox';
import { OTP_CODE_MAX_LENGTH } from '../limits.ts';

/**
 * Proving the mobile number on the profile (My account): a code goes to the number by text
 * message and comes back here. Only a proven number gets sign-in codes.
 */
export const SendPhoneProofCodeRequestSchema = Type.Object({
  /** Language of the text message. */
  lang: Type.Optional(Type.String({ maxLength: 10 })),
});
export type SendPhoneProofCodeRequest = Static<typeof SendPhoneProofCodeRequestSchema>;

export const PhoneProofSentSchema = Type.Object({
  /** The last three digits of the number the code went to. */
  lastThreeDigits: Type.String(),
  /** Seconds until another code may be asked for. */
  remainingSeconds: Type.Optional(Type.Integer()),
});
export type PhoneProofSent = Static<typeof PhoneProofSentSchema>;

export const ConfirmPhoneProofRequestSchema = Type.Object({
  code: Type.String({ minLength: 1, maxLength: OTP_CODE_MAX_LENGTH }),
});
export type ConfirmPhoneProofRequest = Static<typeof ConfirmPhoneProofRequestSchema>;
