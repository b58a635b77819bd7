import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { MemberStatus } from '../../../shared/enums.ts';
import { PASSWORD_MAX_AGE_DAYS } from '../../../shared/limits.ts';
import { normalizeEmail, validateEmail } from '../../../shared/rules/email.ts';
import { passwordContract } from '../../../shared/contract/password.ts';
import { fail, ok, type Reply } from '../../../shared/schemas/reply.ts';
import { decodePassword } from '../../common/password-encoding.ts';
import type { ServiceContext } from '../context.ts';
import { mailLanguage } from '../language.ts';
import { hashToken } from '../security/tokens.ts';
import { issueTicket } from '../sign-in/tickets.ts';
import type { MemberRow } from '../store/schema.ts';
import { newPasswordProblem } from '../validation/new-password.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const BLOCKED: number[] = [MemberStatus.Inactive, MemberStatus.Deactivated];

/** Who may get a reset link mailed: verified, not blocked, not an employee (they reset elsewhere). */
function mayReset(member: MemberRow): boolean {
  return member.status !== MemberStatus.Unverified && !BLOCKED.includes(member.status) && member.is_emp !== 1;
}

/** The password life cycle: forgot, reset link, change, annual reminder, keep the old password. */
export async function passwordRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const { store, clock, config, background } = ctx;
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const decode = (value: string) => decodePassword(value, config.passwordEncodingKey);
  const findMember = (userId: string) =>
    userId.includes('@') ? store.members.findByEmail(normalizeEmail(userId)) : store.members.findByPublicId(userId);

  /** A reset link matching the public id it was mailed with. */
  async function validResetLink(token: string, userId: string | undefined) {
    const link = await store.resetTokens.findValid(hashToken(token), 'reset', clock.now());
    if (!link || (userId !== undefined && link.member.public_id !== userId)) return undefined;
    return link;
  }

  /** The refusal of a new password as status and reply, or undefined when it is acceptable. */
  async function refusal(member: MemberRow, encoded: string): Promise<{ status: number; body: Reply } | undefined> {
    const problem = await newPasswordProblem(member, decode(encoded), ctx.passwords);
    if (!problem) return undefined;
    if ('resultCode' in problem) return { status: 200, body: fail(problem.resultCode) };
    return { status: 400, body: fail('FormValidateFail', { errors: [{ field: 'password', code: problem.ruleCode }] }) };
  }

  // Tells registered from unregistered addresses because the screen must (spec section 2); the
  // BFF guards it with captcha and per-IP and per-address limits.
  api.post(passwordContract.forgotPwd.url, { schema: passwordContract.forgotPwd.schema }, async (request, reply) => {
    const code = validateEmail(request.body.userId);
    if (code) return reply.code(400).send(fail('FormValidateFail', { errors: [{ field: 'userId', code }] }));
    const member = await store.members.findByEmail(normalizeEmail(request.body.userId));
    if (!member) return fail('notfound');
    if (member.status === MemberStatus.Unverified) return fail('mustactivate');
    if (BLOCKED.includes(member.status)) return fail('unauthorized');
    if (member.is_emp === 1) return fail('ResetPwd4DL');
    const language = mailLanguage(request.body.lang, request.headers['accept-language'], member.lang);
    // Queued before the reply: an ok means the link will be mailed, whatever the mail server does now.
    await ctx.messages.queue(member.id, 'password-reset', { lang: language, returnUrl: request.body.returnUrl ?? '' });
    return ok();
  });

  // The same reply whatever the address, and the work after it: it reveals nothing.
  api.post(passwordContract.resendResetPwdMail.url, { schema: passwordContract.resendResetPwdMail.schema }, async (request, reply) => {
    const { userId, lang: bodyLang } = request.body;
    const acceptLanguage = request.headers['accept-language'];
    background.afterReply(reply, 'resending the password reset mail', async () => {
      const member = await findMember(userId);
      if (!member || !mayReset(member)) return;
      await ctx.messages.queue(member.id, 'password-reset', { lang: mailLanguage(bodyLang, acceptLanguage, member.lang) });
    });
    return ok();
  });

  api.get(
    passwordContract.checkResetPwdToken.url,
    // The token sits in the path: this route's request lines stay out of the log.
    { schema: passwordContract.checkResetPwdToken.schema, logLevel: 'warn' },
    async (request) => {
      const link = await validResetLink(request.params.token, request.query.userId);
      // userId: the account the link leads to, for the portal's lock on the password checks the link opens.
      return link ? ok({ reason: link.token.reason, userId: link.member.email }) : fail('ResetLinkExpired');
    },
  );

  api.post(passwordContract.validatePwdUnAuth.url, { schema: passwordContract.validatePwdUnAuth.schema }, async (request, reply) => {
    const link = await validResetLink(request.body.token, request.body.userId);
    if (!link) return fail('ResetLinkExpired');
    const refused = await refusal(link.member, request.body.password);
    return refused ? reply.code(refused.status).send(refused.body) : ok();
  });

  api.post(passwordContract.resetPwdUnAuth.url, { schema: passwordContract.resetPwdUnAuth.schema }, async (request, reply) => {
    const link = await validResetLink(request.body.token, request.body.userId);
    if (!link) return fail('ResetLinkExpired');
    const { member, token } = link;
    if (!mayReset(member)) return fail('unauthorized');
    const refused = await refusal(member, request.body.password);
    if (refused) return reply.code(refused.status).send(refused.body);
    // Checked before the link is used up, so that a refused password can be corrected.
    const now = clock.now();
    if (!(await store.resetTokens.consume(token.id, now))) return fail('ResetLinkExpired');
    const language = mailLanguage(request.body.lang, request.headers['accept-language'], member.lang);
    const notice = ctx.messages.draft('password-changed', { lang: language, changedAt: now });
    await store.passwordChanges.change({
      memberId: member.id,
      passwordHash: await ctx.passwords.hash(decode(request.body.password)!),
      now,
      throughMailedLink: true,
      messages: [notice],
    });
    ctx.messages.deliverSoon();
    return ok({ memberId: member.id, userId: member.email, ...(token.return_url ? { redirectUrl: token.return_url } : {}) });
  });

  api.post(
    passwordContract.validatePwd.url,
    { preHandler: app.requireMember, schema: passwordContract.validatePwd.schema },
    async (request, reply) => {
      const refused = await refusal(request.member!, request.body.password);
      return refused ? reply.code(refused.status).send(refused.body) : ok();
    },
  );

  api.post(
    passwordContract.resetPwd.url,
    { preHandler: app.requireMember, schema: passwordContract.resetPwd.schema },
    async (request, reply) => {
      const member = request.member!;
      const current = decode(request.body.currentPassword);
      if (current === undefined || !(await ctx.passwords.verify(member.password_hash, current))) return fail('AccountOrPwdFail');
      const refused = await refusal(member, request.body.newPassword);
      if (refused) return reply.code(refused.status).send(refused.body);
      const now = clock.now();
      const language = mailLanguage(request.body.lang, request.headers['accept-language'], member.lang);
      await store.passwordChanges.change({
        memberId: member.id,
        passwordHash: await ctx.passwords.hash(decode(request.body.newPassword)!),
        now,
        keepSessionTokenHash: request.memberTokenHash ?? undefined,
        messages: [ctx.messages.draft('password-changed', { lang: language, changedAt: now })],
      });
      ctx.messages.deliverSoon();
      const { returnUrl } = request.body;
      if (!returnUrl || !request.memberTokenHash) return ok({ memberId: member.id });
      // The change ends what a forced change interrupted: the way back to the site, as a sign-in would.
      const tempId = await issueTicket(ctx, member.id, request.memberTokenHash, 'sso');
      const handOff = { memberId: member.id, redirectUrl: returnUrl, id: member.public_id, tempId };
      return ok(handOff, member.preferring === 1 ? 'preferring' : 'ok');
    },
  );

  // Anyone may ask; only a member whose password is a year old gets the mail, and the reply is the same.
  api.post(
    passwordContract.resendOneYearNotUpdatePwdMail.url,
    { schema: passwordContract.resendOneYearNotUpdatePwdMail.schema },
    async (request, reply) => {
      const { userId, lang: bodyLang } = request.body;
      const acceptLanguage = request.headers['accept-language'];
      if (!userId) return ok();
      background.afterReply(reply, 'resending the password reminder mail', async () => {
        const member = await findMember(userId);
        if (!member || !mayReset(member) || member.password_changed_at === null) return;
        if (member.password_changed_at > clock.now() - PASSWORD_MAX_AGE_DAYS * DAY_MS && member.status !== MemberStatus.PasswordExpired)
          return;
        await ctx.messages.queue(member.id, 'password-reminder', { lang: mailLanguage(bodyLang, acceptLanguage, member.lang) });
      });
      return ok();
    },
  );

  api.put(passwordContract.updateMemberPwdDate.url, { schema: passwordContract.updateMemberPwdDate.schema }, async (request) => {
    const now = clock.now();
    const link = await store.resetTokens.findValid(hashToken(request.body.tempId), 'keep', now);
    if (!link || link.member.public_id !== request.body.memberId) return fail('ResetLinkExpired');
    if (!(await store.resetTokens.consume(link.token.id, now))) return fail('ResetLinkExpired');
    await store.passwordChanges.keep(link.member.id, now);
    return ok(link.token.return_url);
  });
}
