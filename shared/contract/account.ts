import { ProfileExportSchema, SubscriptionUpdateSchema } from '../schemas/account.ts';
import { MemberSchema } from '../schemas/member.ts';
import { replies, route } from './route.ts';

/** The signed-in member's own account: subscription, data export, deletion and restore. */
export const accountContract = {
  updateSubscribe: route('PUT', '/api/Member/UpdateMemberSubscribe', { body: SubscriptionUpdateSchema, response: replies(MemberSchema) }),
  exportProfile: route('GET', '/api/Member/ExportProfile', { response: replies(ProfileExportSchema) }),
  delete: route('DELETE', '/api/member', { response: replies(MemberSchema) }),
  applyDeleteTag: route('POST', '/api/Member/ApplyDeleteTag', { response: replies(MemberSchema) }),
  applyRestoreTag: route('POST', '/api/Member/ApplyRestoreTag', { response: replies(MemberSchema) }),
};
