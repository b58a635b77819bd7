import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { MemberStatus } from '../../../shared/enums.ts';
import { normalizeEmail } from '../../../shared/rules/email.ts';
import { registerContract } from '../../../shared/contract/register.ts';
import { fail, ok } from '../../../shared/schemas/reply.ts';
import type { ServiceContext } from '../context.ts';
import { deliveryBudget } from '../delivery/delivery-budget.ts';
import { mailLanguage } from '../language.ts';
import { hashToken } from '../security/tokens.ts';

/** Following the e-mail verification link, and asking for a new one. */
export async function activationRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const { store, clock, background } = ctx;
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const budget = deliveryBudget(ctx);

  api.post(registerContract.activate.url, { schema: registerContract.activate.schema }, async (request) => {
    const member = await store.members.findByPublicId(request.body.userId);
    if (!member) return fail('unauthorized');
    const { registrantEmail } = request.body;
    const fromRegistrant = registrantEmail !== undefined && normalizeEmail(registrantEmail) === member.email;
    const outcome = await store.activations.consume(member.id, hashToken(request.body.token), clock.now(), fromRegistrant);
    if (outcome === 'already-active') return fail('Activated');
    if (outcome === 'invalid') return fail('unauthorized');
    const [firstLink] = await store.socialLinks.list(member.id);
    return ok({
      ...(member.return_url ? { returnUrl: member.return_url } : {}),
      ...(member.source ? { pass: member.source } : {}),
      socialType: firstLink?.social_type ?? 0,
    });
  });

  // The reply is the same whether or not the address is registered, and the work happens after
  // it, so neither its content nor its timing tells who has an account. Each address gets at most
  // VERIFICATION_MAIL_PER_ADDRESS_PER_HOUR of these mails, however it is named and whoever asks.
  api.post(registerContract.reactivate.url, { schema: registerContract.reactivate.schema }, async (request, reply) => {
    const { userId, lang } = request.body;
    const acceptLanguage = request.headers['accept-language'];
    background.afterReply(reply, 'resending the verification mail', async () => {
      const member = userId.includes('@')
        ? await store.members.findByEmail(normalizeEmail(userId))
        : await store.members.findByPublicId(userId);
      if (member?.status !== MemberStatus.Unverified) return;
      if (!(await budget.take('verification-mail', member.email))) {
        request.log.warn({ memberId: member.id }, 'verification mail not sent: the address has had its mails for this hour');
        return;
      }
      await ctx.messages.queue(member.id, 'verification', { lang: mailLanguage(lang, acceptLanguage, member.lang) });
    });
    return ok();
  });
}
