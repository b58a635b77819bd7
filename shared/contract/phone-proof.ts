import { Type } from '@sinclair/typebox';
import { ConfirmPhoneProofRequestSchema, PhoneProofSentSchema, SendPhoneProofCodeRequestSchema } from '../schemas/phone-proof.ts';
import { replies, route } from './route.ts';

export const PhoneProvenSchema = Type.Object({ mobileVerified: Type.Boolean() });

/** Proving the signed-in member's mobile number. */
export const phoneProofContract = {
  send: route('POST', '/api/Member/SendPhoneProofCode', { body: SendPhoneProofCodeRequestSchema, response: replies(PhoneProofSentSchema) }),
  confirm: route('POST', '/api/Member/ConfirmPhoneProof', {
    body: ConfirmPhoneProofRequestSchema,
    response: replies(PhoneProvenSchema),
  }),
};
