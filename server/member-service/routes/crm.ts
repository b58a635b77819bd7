import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { fail, ok } from '../../../shared/schemas/reply.ts';
import { CONSENT_POLICY_VERSIONS } from '../consents.ts';
import type { ServiceContext } from '../context.ts';
import { maskedEmail, matchesMember, publicIdOf } from '../crm/subscription-id.ts';
import type { MemberRow } from '../store/schema.ts';

const HashEmail = Type.String({ minLength: 1, maxLength: 200 });

/** status (the PP query value): the version of the privacy policy the mail asked the member to confirm. */
const UpdateCrmPolicySchema = Type.Object({
  hashEmail: HashEmail,
  status: Type.String({ pattern: '^[A-Za-z0-9._-]{1,40}$' }),
  source: Type.Optional(Type.Union([Type.Literal(''), Type.Literal('aures')])),
});
const UpdateCrmSubscribeSchema = Type.Object({ hashEmail: HashEmail, isSub: Type.Boolean() });

/** The consent a confirmed policy is recorded as. */
export const CRM_POLICY_CONSENT = 'crm-policy';

/**
 * Confirm-subscription links from marketing mails (spec: Confirm subscription). Every failure
 * (malformed, unknown member, wrong mac, account pending deletion) is the same `somethingwrong`
 * and changes nothing, so the calls reveal nothing about who is a member.
 */
export async function crmRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const { store, clock, config } = ctx;

  async function memberOf(hashEmail: string): Promise<MemberRow | undefined> {
    const publicId = publicIdOf(hashEmail);
    const member = publicId ? await store.members.findByPublicId(publicId) : undefined;
    if (!member || member.delete_date !== null) return undefined;
    return matchesMember(hashEmail, member, config.crmHashKey) ? member : undefined;
  }

  app.post<{ Body: Static<typeof UpdateCrmPolicySchema> }>(
    '/api/Member/UpdateCrmPolicy',
    { schema: { body: UpdateCrmPolicySchema } },
    async (request) => {
      const member = await memberOf(request.body.hashEmail);
      if (!member) return fail('somethingwrong');
      const version = request.body.source ? `${request.body.source}:${request.body.status}` : request.body.status;
      await store.consents.add(member.id, CRM_POLICY_CONSENT, version, clock.now());
      // Already subscribed: nothing left to ask, the page thanks and offers the site.
      return { isSuccess: true, code: member.is_subscribe === 1 ? 'preferring' : 'ok', data: { email: maskedEmail(member.email) } };
    },
  );

  app.post<{ Body: Static<typeof UpdateCrmSubscribeSchema> }>(
    '/api/Member/UpdateCrmSubscribe',
    { schema: { body: UpdateCrmSubscribeSchema } },
    async (request) => {
      const member = await memberOf(request.body.hashEmail);
      if (!member) return fail('somethingwrong');
      // 'Skip now' leaves the subscription as it is.
      if (!request.body.isSub || member.is_subscribe === 1) return ok();
      const now = clock.now();
      await store.members.update(member.id, { is_subscribe: 1, updated_at: now });
      await store.consents.add(member.id, 'subscribe', CONSENT_POLICY_VERSIONS.subscribe, now);
      return ok();
    },
  );
}
