import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { SocialType } from '../../../shared/enums.ts';
import { socialContract } from '../../../shared/contract/social.ts';
import { fail, ok } from '../../../shared/schemas/reply.ts';
import type { ServiceContext } from '../context.ts';
import { mailLanguage } from '../language.ts';
import { recordSecurityEvent } from '../record-security-event.ts';
import { signInReply } from '../sign-in/sign-in-reply.ts';

const LOGINS = [
  [socialContract.googleLogin, SocialType.Google],
  [socialContract.fbLogin, SocialType.Facebook],
  [socialContract.linkedinLogin, SocialType.LinkedIn],
] as const;

/**
 * Social sign-in and connected accounts. The BFF is the only caller (service key) and sends
 * only identities it verified with the provider itself; `id` is the provider's user id.
 */
export async function socialRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const { store, clock } = ctx;
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  for (const [{ url, schema }, socialType] of LOGINS) {
    api.post(url, { schema }, async (request) => {
      const { id, returnUrl } = request.body;
      const link = await store.socialLinks.findByIdentity(socialType, id.trim());
      const member = link ? await store.members.findById(link.member_id) : undefined;
      if (!member) return fail('notfound');
      return signInReply(ctx, member, { way: 'social', returnUrl, signedInFrom: request.body.signedInFrom });
    });
  }

  api.post(socialContract.connect.url, { preHandler: app.requireMember, schema: socialContract.connect.schema }, async (request, reply) => {
    const member = request.member!;
    const { socialType, isConnect } = request.body;
    if (!isConnect) {
      await store.socialLinks.unlink(member.id, socialType);
      return ok();
    }
    const socialId = (request.body.socialId ?? '').trim();
    if (socialId === '') return reply.code(400).send(fail('FormValidateFail', { errors: [{ field: 'socialId', code: 'Form_Required' }] }));
    const now = clock.now();
    const linked = await store.socialLinks.link(
      member.id,
      { socialType, socialId, socialEmail: (request.body.socialEmail ?? '').trim(), socialName: (request.body.socialName ?? '').trim() },
      now,
    );
    if (linked === 'taken') return fail('Form_RepeatMember');
    // A new way in: the member hears of it by mail (through the queue), in case it was not them.
    const lang = mailLanguage(undefined, request.headers['accept-language'], member.lang);
    // The event is recorded here, not by the portal afterwards, so that the mail's "This wasn't me" link always has it.
    await recordSecurityEvent(ctx, member.id, { type: 'socialConnected', device: request.body.device, ipPrefix: request.body.ipPrefix });
    await ctx.messages.queue(member.id, 'social-connected', { lang, socialType, changedAt: now });
    return ok();
  });
}
