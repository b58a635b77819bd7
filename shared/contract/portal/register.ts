import { replySchemas } from '../../schemas/reply.ts';
import { ActivateRequestSchema, IsExistRequestSchema, ReactivateRequestSchema, RegisterRequestSchema } from '../../schemas/register.ts';
import { RegisteredSchema } from '../portal-replies.ts';
import { ActivatedSchema, IsExistSchema } from '../register.ts';
import { portalRoute } from '../route.ts';

/** Registration, the activation link and resending it. */
export const registerPortal = {
  isExist: portalRoute('POST', '/api/Member/IsExist', { body: IsExistRequestSchema, response: replySchemas(IsExistSchema) }),
  register: portalRoute('POST', '/api/Member/Register', { body: RegisterRequestSchema, response: replySchemas(RegisteredSchema) }),
  activate: portalRoute('POST', '/api/Member/Activate', { body: ActivateRequestSchema, response: replySchemas(ActivatedSchema) }),
  reactivate: portalRoute('POST', '/api/Member/Reactivate', { body: ReactivateRequestSchema, response: replySchemas() }),
};
