import { UpdateCrmPolicyRequestSchema, UpdateCrmSubscribeRequestSchema } from '../../schemas/crm.ts';
import { replySchemas } from '../../schemas/reply.ts';
import { MaskedEmailSchema } from '../crm.ts';
import { portalRoute } from '../route.ts';

/** The CRM mail's links: a member known by the hashed address, no session. */
export const crmPortal = {
  updatePolicy: portalRoute('POST', '/api/Member/UpdateCrmPolicy', {
    body: UpdateCrmPolicyRequestSchema,
    response: replySchemas(MaskedEmailSchema),
  }),
  updateSubscribe: portalRoute('POST', '/api/Member/UpdateCrmSubscribe', {
    body: UpdateCrmSubscribeRequestSchema,
    response: replySchemas(),
  }),
};
