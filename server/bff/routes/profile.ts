import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Static } from '@sinclair/typebox';
import { PortalMemberSchema } from '../../../shared/contract/portal-replies.ts';
import { MemberSchema, ProfileUpdateSchema, type Member, type ProfileUpdate } from '../../../shared/schemas/member.ts';
import { replySchemas } from '../../../shared/schemas/reply.ts';
import { ALLOWED_DURING_PASSWORD_CHANGE, passwordChangePending } from '../plugins/session.ts';
import { requestLanguage } from '../request-language.ts';
import type { RouteDeps } from './deps.ts';
import { callAsMember, relay } from './member-call.ts';

/** What the header and the change-password screen read while the password must be changed first. */
function beforePasswordChange({ userId, status, LastPwdModifiedDate }: Member): Partial<Member> {
  return { userId, status, LastPwdModifiedDate };
}

/** The editable fields by name: whatever else the browser sent stays here. */
function upstreamProfile(body: ProfileUpdate): ProfileUpdate {
  const { firstName, lastName, companyName, country, state, telCountryCode, telAreacode, telNo, telExt, mobileCountryCode, mobile } = body;
  const { businessApplicationAreas, inProducts, memberExtension } = body;
  const extension = memberExtension ? { memberExtension: { vatNumber: memberExtension.vatNumber, address: memberExtension.address } } : {};
  return {
    firstName,
    lastName,
    companyName,
    country,
    state,
    telCountryCode,
    telAreacode,
    telNo,
    telExt,
    mobileCountryCode,
    mobile,
    businessApplicationAreas,
    inProducts,
    ...extension,
  };
}

export default async function profileRoutes(app: FastifyInstance, deps: RouteDeps) {
  const { upstream } = deps;

  async function getProfile(request: FastifyRequest, reply: FastifyReply) {
    const result = await callAsMember<Partial<Member>>(upstream, request, reply, { method: 'GET', path: '/api/member' });
    if (passwordChangePending(request) && result.body.data) result.body.data = beforePasswordChange(result.body.data as Member);
    return relay(reply, result);
  }
  // The spec's client uses both spellings.
  const profileOptions = { schema: { response: replySchemas(PortalMemberSchema) }, config: ALLOWED_DURING_PASSWORD_CHANGE };
  app.get('/api/Member', profileOptions, getProfile);
  app.get('/api/member', profileOptions, getProfile);

  app.put<{ Body: Static<typeof ProfileUpdateSchema> }>(
    '/api/member',
    { schema: { body: ProfileUpdateSchema, response: replySchemas(MemberSchema) } },
    async (request, reply) => {
      const result = await callAsMember<Member>(upstream, request, reply, {
        method: 'PUT',
        path: '/api/member',
        body: upstreamProfile(request.body),
        language: requestLanguage(request),
      });
      return relay(reply, result);
    },
  );
}
