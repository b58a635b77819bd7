import { Type } from '@sinclair/typebox';
import { UpdateCrmPolicyRequestSchema, UpdateCrmSubscribeRequestSchema } from '../schemas/crm.ts';
import { replies, route } from './route.ts';

/** Confirm subscription: the address the mail went to, masked. */
export const MaskedEmailSchema = Type.Object({ email: Type.String({ description: 'masked' }) });

/** Confirm subscription from the CRM's mail; code 'preferring' when the member is subscribed already. */
export const crmContract = {
  updatePolicy: route('POST', '/api/Member/UpdateCrmPolicy', {
    body: UpdateCrmPolicyRequestSchema,
    response: replies(MaskedEmailSchema),
  }),
  updateSubscribe: route('POST', '/api/Member/UpdateCrmSubscribe', { body: UpdateCrmSubscribeRequestSchema, response: replies() }),
};
