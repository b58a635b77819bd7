import type { FastifyInstance } from 'fastify';
import { MemberStatus } from '../../../shared/enums.ts';
import { normalizeEmail } from '../../../shared/rules/email.ts';
import { LogoutQuerySchema } from '../../../shared/schemas/auth.ts';
import { fail, ok } from '../../../shared/schemas/reply.ts';
import { decodePassword } from '../../common/password-encoding.ts';
import type { ServiceContext } from '../context.ts';
import { verifyPassword } from '../security/passwords.ts';
import { hashToken, randomToken } from '../security/tokens.ts';
import { UpstreamLoginSchema, type UpstreamLogin } from '../schemas.ts';

const BLOCKED_STATUSES: number[] = [MemberStatus.Inactive, MemberStatus.Deactivated];

/** Sign-in, sign-out and the login check. */
export async function authRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const { store, clock, config } = ctx;

  app.post<{ Body: UpstreamLogin }>('/api/Member/Login', { schema: { body: UpstreamLoginSchema } }, async (request) => {
    const { userId, password, returnUrl } = request.body;
    const plain = decodePassword(password, config.passwordEncodingKey);
    const member = await store.members.findByEmail(normalizeEmail(userId));
    // An unknown account, a social-only member and an undecodable password all pay for one
    // argon2 verification and get the same reply as a wrong password.
    const matches = await verifyPassword(member?.password_hash, plain ?? '');
    if (!member || !matches || plain === undefined) return fail('AccountOrPwdFail');
    if (member.status === MemberStatus.Unverified) return fail('mustactivate');
    if (BLOCKED_STATUSES.includes(member.status)) return fail('unauthorized');

    const token = randomToken();
    const now = clock.now();
    const expiresAt = now + config.tokenTtlSeconds * 1000;
    await store.sessions.create(member.id, hashToken(token), now, expiresAt);
    return ok({
      token,
      tokenExpiresAt: new Date(expiresAt).toISOString(),
      userId: member.email,
      memberId: member.id,
      status: member.status,
      ...(returnUrl ? { redirectUrl: returnUrl } : {}),
    });
  });

  app.get('/api/Member/Logout', { preHandler: app.requireMember, schema: { querystring: LogoutQuerySchema } }, async (request) => {
    await store.sessions.revoke(request.memberTokenHash ?? '', clock.now());
    return ok();
  });

  app.get('/api/Member/IsLogin', { preHandler: app.requireMember }, async () => ok({ isLogin: true }));
}
