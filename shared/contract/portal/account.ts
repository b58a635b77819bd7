import { Type } from '@sinclair/typebox';
import { SubscriptionUpdateSchema } from '../../schemas/account.ts';
import { BrowserMemberSchema } from '../../schemas/member.ts';
import { replySchemas } from '../../schemas/reply.ts';
import { BackToSiteSchema } from '../portal-replies.ts';
import { portalRoute } from '../route.ts';

const member = { member: true };
const memberReply = { response: replySchemas(BrowserMemberSchema) };

/** My account beyond the profile: subscription, Profile.csv, deletion and restore, the back-to-site link. */
export const accountPortal = {
  updateSubscribe: portalRoute(
    'PUT',
    '/api/Member/UpdateMemberSubscribe',
    { body: SubscriptionUpdateSchema, response: replySchemas(BrowserMemberSchema) },
    member,
  ),
  /** Profile.csv as a file; the envelope when there is none. */
  exportProfile: portalRoute(
    'GET',
    '/api/Member/ExportProfile',
    {
      response: {
        200: {
          description: 'Profile.csv, or the envelope when there is no file',
          content: { 'text/csv': { schema: Type.String() }, 'application/json': { schema: replySchemas()[200] } },
        },
      },
    },
    { member: true, compressed: true },
  ),
  /** DELETE /api/member and ApplyDeleteTag both ask for pending deletion (member-service README). */
  delete: portalRoute('DELETE', '/api/member', memberReply, member),
  applyDeleteTag: portalRoute('POST', '/api/Member/ApplyDeleteTag', memberReply, member),
  applyRestoreTag: portalRoute('POST', '/api/Member/ApplyRestoreTag', memberReply, member),
  backToSite: portalRoute('GET', '/api/Member/BackToSite', {
    querystring: Type.Object({ callbackUrl: Type.String({ maxLength: 2048 }) }),
    response: replySchemas(BackToSiteSchema),
  }),
};
