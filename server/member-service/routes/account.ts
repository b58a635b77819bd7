import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DELETION_PERMANENT_DAYS } from '../../../shared/limits.ts';
import { normalizeEmail } from '../../../shared/rules/email.ts';
import { accountContract } from '../../../shared/contract/account.ts';
import { fail, ok } from '../../../shared/schemas/reply.ts';
import { CONSENT_POLICY_VERSIONS } from '../consents.ts';
import type { ServiceContext } from '../context.ts';
import { profileCsv } from '../export/profile-csv.ts';
import { mailLanguage } from '../language.ts';
import { toMember } from '../member-view.ts';
import type { MemberRow } from '../store/schema.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Where consent changes made through these calls come from, in the consent history. */
const MY_ACCOUNT_SOURCE = 'my-account';

/**
 * The signed-in member's own account: subscription, data export, deletion and restore.
 * Every call acts on the member of the Bearer token only.
 */
export async function accountRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const { store, clock } = ctx;
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const view = async (row: MemberRow) => toMember(row, await store.socialLinks.list(row.id));

  api.put(
    accountContract.updateSubscribe.url,
    { preHandler: app.requireMember, schema: accountContract.updateSubscribe.schema },
    async (request) => {
      const member = request.member!;
      // The spec's payload names the member; naming anyone else is refused rather than ignored.
      if (request.body.userId !== undefined && normalizeEmail(request.body.userId) !== member.email) return fail('Forbidden');
      const subscribe = request.body.isSubscribe;
      if ((member.is_subscribe === 1) === subscribe) return ok(await view(member));
      const now = clock.now();
      const updated = await store.members.update(member.id, { is_subscribe: subscribe ? 1 : 0, updated_at: now });
      await store.consentEvents.record(member.id, {
        consent: 'subscribe',
        given: subscribe,
        policyVersion: CONSENT_POLICY_VERSIONS.subscribe,
        source: MY_ACCOUNT_SOURCE,
        at: now,
      });
      return ok(await view(updated ?? member));
    },
  );

  api.get(
    accountContract.exportProfile.url,
    { preHandler: app.requireMember, schema: accountContract.exportProfile.schema },
    async (request) => {
      const member = request.member!;
      const [consents, consentEvents, socialLinks] = await Promise.all([
        store.consents.list(member.id),
        store.consentEvents.list(member.id),
        store.socialLinks.list(member.id),
      ]);
      return ok({ fileName: 'Profile.csv', csv: profileCsv({ member, consents, consentEvents, socialLinks }) });
    },
  );

  /** Pending deletion: the member keeps signing in until the date and can restore until then. */
  async function requestDeletion(request: FastifyRequest, reply: FastifyReply) {
    const member = request.member!;
    // Employees' accounts are managed by the company, not deleted by themselves (spec section 6).
    if (member.is_emp === 1) return reply.send(fail('Forbidden'));
    const now = clock.now();
    // The confirmation is queued in the transaction that sets the date, only by the request that set it.
    const confirmation = ctx.messages.draft('account-deletion', {
      lang: mailLanguage(undefined, request.headers['accept-language'], member.lang),
    });
    const updated = (await store.accountDeletion.request(member.id, now + DELETION_PERMANENT_DAYS * DAY_MS, now, [confirmation])) ?? member;
    ctx.messages.deliverSoon();
    return reply.send(ok(await view(updated)));
  }
  api.delete(accountContract.delete.url, { preHandler: app.requireMember, schema: accountContract.delete.schema }, requestDeletion);
  api.post(
    accountContract.applyDeleteTag.url,
    { preHandler: app.requireMember, schema: accountContract.applyDeleteTag.schema },
    requestDeletion,
  );

  api.post(
    accountContract.applyRestoreTag.url,
    { preHandler: app.requireMember, schema: accountContract.applyRestoreTag.schema },
    async (request) => {
      const member = request.member!;
      const restored = member.delete_date === null ? member : ((await store.accountDeletion.restore(member.id, clock.now())) ?? member);
      return ok(await view(restored));
    },
  );
}
