import type { FastifyInstance } from 'fastify';
import { claimsContract as contract, type MemberClaims } from '../../../shared/contract/claims.ts';
import { MemberStatus } from '../../../shared/enums.ts';
import { fail, ok } from '../../../shared/schemas/reply.ts';
import type { ServiceContext } from '../context.ts';
import type { MemberRow } from '../store/schema.ts';

const claimsOf = (member: MemberRow): MemberClaims => ({
  subject: member.public_id,
  email: member.email,
  emailVerified: member.status !== MemberStatus.Unverified,
  givenName: member.first_name,
  familyName: member.last_name,
  lang: member.lang,
  ...(member.proven_mobile ? { phone: member.proven_mobile } : {}),
});

/**
 * A member's OpenID Connect claims for the portal (service key only, no member token): by row
 * id when the portal finishes a sign-in, by public id when it answers a token or UserInfo request.
 * An unknown member, or one that cannot sign in any more (inactive, deactivated), is NotFound.
 */
export async function claimsRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const { store } = ctx;
  app.get<{ Querystring: { memberId?: string; subject?: string } }>(
    contract.claims.url,
    { schema: contract.claims.schema },
    async (request, reply) => {
      const { memberId, subject } = request.query;
      if ((memberId === undefined) === (subject === undefined)) return reply.code(400).send(fail('badrequest'));
      const member = memberId !== undefined ? await store.members.findById(Number(memberId)) : await store.members.findByPublicId(subject!);
      const usable = member && member.status !== MemberStatus.Inactive && member.status !== MemberStatus.Deactivated;
      if (!usable) return reply.code(404).send(fail('NotFound'));
      return ok(claimsOf(member));
    },
  );
}
