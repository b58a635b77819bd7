import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { profilePortal } from '../../../shared/contract/portal/profile.ts';
import { MemberBeforePasswordChangeSchema } from '../../../shared/contract/portal-replies.ts';
import { profileContract } from '../../../shared/contract/profile.ts';
import type { ProfileUpdate } from '../../../shared/schemas/member.ts';
import { ReplySchema } from '../../../shared/schemas/reply.ts';
import { plainReply } from '../plugins/plain-replies.ts';
import { ALLOWED_DURING_PASSWORD_CHANGE, passwordChangePending } from '../plugins/session.ts';
import { requestLanguage } from '../request-language.ts';
import type { RouteDeps } from '../deps.ts';
import { callAsMember, relay } from './member-call.ts';
import { portalApi, served } from './portal-api.ts';

/** Compiled outside the route's own reply schemas, so made plain here (plugins/plain-replies.ts). */
const BEFORE_PASSWORD_CHANGE_REPLY = plainReply(
  ReplySchema(MemberBeforePasswordChangeSchema),
  'the member before a password change',
) as Record<string, unknown>;

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
    // Relayed: the member's reply schema (or the one below) writes only the fields it lists.
    const result = await callAsMember(upstream, request, reply, profileContract.getLowerCase, { relayed: true });
    // The reply schema of a session that must change its password first writes only what that screen reads.
    // A serializer of one's own leaves the content type to the caller.
    if (passwordChangePending(request))
      reply.type('application/json; charset=utf-8').serializer(reply.compileSerializationSchema(BEFORE_PASSWORD_CHANGE_REPLY, '200'));
    return relay(reply, result);
  }
  const api = portalApi(app);
  for (const route of [profilePortal.get, profilePortal.getLowerCase])
    api.get(route.url, served(route, ALLOWED_DURING_PASSWORD_CHANGE), getProfile);

  api.put(profilePortal.update.url, served(profilePortal.update), async (request, reply) => {
    const result = await callAsMember(upstream, request, reply, profileContract.update, {
      body: upstreamProfile(request.body),
      language: requestLanguage(request),
    });
    return relay(reply, result);
  });
}
