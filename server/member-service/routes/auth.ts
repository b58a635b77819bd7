import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { isCompanyDomain, normalizeEmail } from '../../../shared/rules/email.ts';
import { authContract } from '../../../shared/contract/auth.ts';
import { fail, ok } from '../../../shared/schemas/reply.ts';
import { decodePassword } from '../../common/password-encoding.ts';
import type { ServiceContext } from '../context.ts';
import { signInReply } from '../sign-in/sign-in-reply.ts';

/** Sign-in, sign-out and the login check. */
export async function authRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const { store, clock, config } = ctx;
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { login, logout, isLogin } = authContract;

  api.post(login.url, { schema: login.schema }, async (request) => {
    const { userId, password, returnUrl } = request.body;
    const plain = decodePassword(password, config.passwordEncodingKey);
    const member = await store.members.findByEmail(normalizeEmail(userId));
    // An unknown account, a social-only member and an undecodable password all pay for one
    // argon2 verification and get the same reply as a wrong password.
    const matches = (await ctx.passwords.verify(member?.password_hash, plain ?? '')) && plain !== undefined;
    // Company addresses belong to the employee platform: the same answer whether or not such
    // an account exists here, unless it is an employee's and the password is right.
    if (isCompanyDomain(userId, config.companyDomains) && !(member && matches && member.is_emp === 1)) return fail('ContactHR');
    if (!member || !matches) return fail('AccountOrPwdFail');
    // Whoever pre-registered the address chose this password; the mailbox owner never saw it.
    if (member.password_unconfirmed === 1) return fail('confirmbycode');
    return signInReply(ctx, member, { way: 'password', returnUrl, checkPasswordAge: true, signedInFrom: request.body.signedInFrom });
  });

  api.get(logout.url, { preHandler: app.requireMember, schema: logout.schema }, async (request) => {
    await store.sessions.revoke(request.memberTokenHash ?? '', clock.now());
    return ok();
  });

  api.get(isLogin.url, { preHandler: app.requireMember, schema: isLogin.schema }, async () => ok({ isLogin: true }));
}
