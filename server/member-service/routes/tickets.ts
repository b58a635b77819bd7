import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { ticketsContract } from '../../../shared/contract/tickets.ts';
import { normalizeEmail } from '../../../shared/rules/email.ts';
import { fail, ok } from '../../../shared/schemas/reply.ts';
import type { ServiceContext } from '../context.ts';
import { hashToken } from '../security/tokens.ts';
import { signInReply } from '../sign-in/sign-in-reply.ts';
import { issueTicket } from '../sign-in/tickets.ts';

/**
 * Single sign-on hand-off. A sign-in with a return URL hands the company site there a one-time
 * `sso` ticket; the site redeems it (CheckGoToProfile) for the member's identity and a one-time
 * `referer` ticket, with which it can send the member back to the portal signed in (RefererLogin).
 * Tickets die with the portal sign-in that issued them.
 */
export async function ticketRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const { store, clock } = ctx;
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.post(ticketsContract.checkGoToProfile.url, { schema: ticketsContract.checkGoToProfile.schema }, async (request) => {
    const { memberId, userId, tempId } = request.body;
    if (userId && userId.trim() !== '') {
      const claimed = await store.members.findByPublicId(memberId);
      if (claimed?.email !== normalizeEmail(userId)) return fail('TempIdInValid');
    }
    const redeemed = await store.tickets.redeem(memberId, 'sso', hashToken(tempId), clock.now());
    if (!redeemed) return fail('TempIdInValid');
    const { member, sessionTokenHash } = redeemed;
    const refererTicket = await issueTicket(ctx, member.id, sessionTokenHash, 'referer');
    return ok({
      memberId: member.public_id,
      userId: member.email,
      firstName: member.first_name,
      lastName: member.last_name,
      tempId: refererTicket,
    });
  });

  api.post(ticketsContract.refererLogin.url, { schema: ticketsContract.refererLogin.schema }, async (request) => {
    const { id, tempId } = request.body;
    const redeemed = await store.tickets.redeem(id, 'referer', hashToken(tempId), clock.now());
    if (!redeemed) return fail('TempIdInValid');
    return signInReply(ctx, redeemed.member, { way: 'ticket', signedInFrom: request.body.signedInFrom });
  });
}
