import { ConfirmPhoneProofRequestSchema, PhoneProofSentSchema, SendPhoneProofCodeRequestSchema } from '../../schemas/phone-proof.ts';
import { replySchemas } from '../../schemas/reply.ts';
import { PhoneProvenSchema } from '../phone-proof.ts';
import { portalRoute } from '../route.ts';

const member = { member: true };

/** Proving the signed-in member's mobile number with a code sent to it. */
export const phoneProofPortal = {
  send: portalRoute(
    'POST',
    '/api/Member/SendPhoneProofCode',
    { body: SendPhoneProofCodeRequestSchema, response: replySchemas(PhoneProofSentSchema) },
    member,
  ),
  confirm: portalRoute(
    'POST',
    '/api/Member/ConfirmPhoneProof',
    { body: ConfirmPhoneProofRequestSchema, response: replySchemas(PhoneProvenSchema) },
    member,
  ),
};
