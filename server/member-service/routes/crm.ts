import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { crmContract } from '../../../shared/contract/crm.ts';
import { fail, ok } from '../../../shared/schemas/reply.ts';
import { CONSENT_POLICY_VERSIONS } from '../consents.ts';
import type { ServiceContext } from '../context.ts';
import { maskedEmail, matchesMember, publicIdOf } from '../crm/subscription-id.ts';
import type { MemberRow } from '../store/schema.ts';

/** The consent a confirmed policy is recorded as. */
const CRM_POLICY_CONSENT = 'crm-policy';

/**
 * Confirm-subscription links from marketing mails (spec: Confirm subscription). Every failure
 * (malformed, unknown member, wrong mac, account pending deletion) is the same `somethingwrong`
 * and changes nothing, so the calls reveal nothing about who is a member.
 */
export async function crmRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const { store, clock, config } = ctx;
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  async function memberOf(hashEmail: string): Promise<MemberRow | undefined> {
    const publicId = publicIdOf(hashEmail);
    const member = publicId ? await store.members.findByPublicId(publicId) : undefined;
    if (!member || member.delete_date !== null) return undefined;
    return matchesMember(hashEmail, member, config.crmHashKey) ? member : undefined;
  }

  api.post(crmContract.updatePolicy.url, { schema: crmContract.updatePolicy.schema }, async (request) => {
    const member = await memberOf(request.body.hashEmail);
    if (!member) return fail('somethingwrong');
    const version = request.body.source ? `${request.body.source}:${request.body.status}` : request.body.status;
    await store.consents.add(member.id, CRM_POLICY_CONSENT, version, clock.now());
    // Already subscribed: nothing left to ask, the page thanks and offers the site.
    return ok({ email: maskedEmail(member.email) }, member.is_subscribe === 1 ? 'preferring' : 'ok');
  });

  api.post(crmContract.updateSubscribe.url, { schema: crmContract.updateSubscribe.schema }, async (request) => {
    const member = await memberOf(request.body.hashEmail);
    if (!member) return fail('somethingwrong');
    // 'Skip now' leaves the subscription as it is.
    if (!request.body.isSub || member.is_subscribe === 1) return ok();
    const now = clock.now();
    await store.members.update(member.id, { is_subscribe: 1, updated_at: now });
    await store.consents.add(member.id, 'subscribe', CONSENT_POLICY_VERSIONS.subscribe, now);
    return ok();
  });
}
