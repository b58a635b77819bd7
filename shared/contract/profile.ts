import { MemberSchema, ProfileUpdateSchema } from '../schemas/member.ts';
import { replies, route } from './route.ts';

/** The signed-in member's profile; the reply lists every field that may leave the service. */
export const profileContract = {
  get: route('GET', '/api/Member', { response: replies(MemberSchema) }),
  getLowerCase: route('GET', '/api/member', { response: replies(MemberSchema) }),
  update: route('PUT', '/api/member', { body: ProfileUpdateSchema, response: replies(MemberSchema) }),
};
