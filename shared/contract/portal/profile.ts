import { BrowserMemberSchema, ProfileUpdateSchema } from '../../schemas/member.ts';
import { replySchemas } from '../../schemas/reply.ts';
import { portalRoute } from '../route.ts';

const member = { member: true };

/**
 * The signed-in member's profile, in both spellings the spec's client uses. A session that must
 * change its password first gets only MemberBeforePasswordChangeSchema (portal-replies.ts).
 */
export const profilePortal = {
  get: portalRoute('GET', '/api/Member', { response: replySchemas(BrowserMemberSchema) }, member),
  getLowerCase: portalRoute('GET', '/api/member', { response: replySchemas(BrowserMemberSchema) }, member),
  update: portalRoute('PUT', '/api/member', { body: ProfileUpdateSchema, response: replySchemas(BrowserMemberSchema) }, member),
};
