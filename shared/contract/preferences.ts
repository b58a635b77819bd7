import { MemberSchema } from '../schemas/member.ts';
import { UpstreamPreferencesSchema } from '../schemas/preferences.ts';
import { replies, route } from './route.ts';

/** The two multi-selects chosen on choosing-preferring. */
export const preferencesContract = {
  update: route('PATCH', '/api/member', { body: UpstreamPreferencesSchema, response: replies(MemberSchema) }),
};
