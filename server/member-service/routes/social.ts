import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { SocialType } from '../../../shared/enums.ts';
import { EMAIL_MAX_LENGTH } from '../../../shared/limits.ts';
import { OptionalFreeText } from '../../../shared/schemas/free-text.ts';
import { fail, ok } from '../../../shared/schemas/reply.ts';
import type { ServiceContext } from '../context.ts';
import { signInReply } from '../sign-in/sign-in-reply.ts';

/**
 * Social sign-in and connected accounts. The BFF is the only caller (service key) and sends
 * only identities it verified with the provider itself; `id` is the provider's user id.
 */
const SocialLoginSchema = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 200 }),
  returnUrl: Type.Optional(Type.String({ maxLength: 2048 })),
  pass: Type.Optional(Type.String({ maxLength: 50 })),
});
type SocialLogin = Static<typeof SocialLoginSchema>;

const SocialConnectSchema = Type.Object({
  socialType: Type.Union([Type.Literal(SocialType.Google), Type.Literal(SocialType.Facebook), Type.Literal(SocialType.LinkedIn)]),
  socialId: Type.Optional(Type.String({ maxLength: 200 })),
  socialEmail: Type.Optional(Type.String({ maxLength: EMAIL_MAX_LENGTH })),
  socialName: OptionalFreeText(200),
  isConnect: Type.Boolean(),
});
type SocialConnect = Static<typeof SocialConnectSchema>;

const LOGIN_PATHS = [
  ['/api/Member/GoogleLogin', SocialType.Google],
  ['/api/Member/FbLogin', SocialType.Facebook],
  ['/api/Member/LinkedinLogin', SocialType.LinkedIn],
] as const;

export async function socialRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const { store, clock } = ctx;

  for (const [path, socialType] of LOGIN_PATHS) {
    app.post<{ Body: SocialLogin }>(path, { schema: { body: SocialLoginSchema } }, async (request) => {
      const { id, returnUrl } = request.body;
      const link = await store.socialLinks.findByIdentity(socialType, id.trim());
      const member = link ? await store.members.findById(link.member_id) : undefined;
      if (!member) return fail('notfound');
      return signInReply(ctx, member, { returnUrl });
    });
  }

  app.post<{ Body: SocialConnect }>(
    '/api/Member/SocialConnect',
    { preHandler: app.requireMember, schema: { body: SocialConnectSchema } },
    async (request, reply) => {
      const member = request.member!;
      const { socialType, isConnect } = request.body;
      if (!isConnect) {
        await store.socialLinks.unlink(member.id, socialType);
        return ok();
      }
      const socialId = (request.body.socialId ?? '').trim();
      if (socialId === '') return reply.code(400).send(fail('FormValidateFail', { errors: [{ field: 'socialId', code: 'Form_Required' }] }));
      const linked = await store.socialLinks.link(
        member.id,
        { socialType, socialId, socialEmail: (request.body.socialEmail ?? '').trim(), socialName: (request.body.socialName ?? '').trim() },
        clock.now(),
      );
      return linked === 'taken' ? fail('Form_RepeatMember') : ok();
    },
  );
}
