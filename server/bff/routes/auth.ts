import { authContract } from '../../../shared/contract/auth.ts';
import type { FastifyInstance } from 'fastify';
import { LoginRequestSchema, LogoutQuerySchema, type LoginRequest } from '../../../shared/schemas/auth.ts';
import { IsLoginSchema } from '../../../shared/contract/auth.ts';
import { LogoutSchema, SignInResultSchema } from '../../../shared/contract/portal-replies.ts';
import { replyCode, type ReplyCode } from '../../../shared/codes.ts';
import { fail, ok, replySchemas } from '../../../shared/schemas/reply.ts';
import { encodePassword } from '../../common/password-encoding.ts';
import { allowedCallbackUrl, isPortalUrl } from '../callback-url.ts';
import { CHANGES_STATE } from '../plugins/csrf.ts';
import { ALLOWED_DURING_PASSWORD_CHANGE, signedInMember } from '../plugins/session.ts';
import { queryParam, requestLanguage } from '../request-language.ts';
import { endSessionBothSides } from '../sign-in/end-session.ts';
import { SIGN_IN_DOORS, signInDoors } from '../sign-in/sign-in-doors.ts';
import { passwordConfirmation } from '../sign-in/password-confirmation.ts';
import { signedInReply, type UpstreamSignInData } from '../sign-in/signed-in-reply.ts';
import type { RouteDeps } from '../deps.ts';

/**
 * A wrong password, an unknown account and a locked one answer with the same status and the
 * same envelope shape (`data.remainingSeconds` is 0 unless locked).
 */
const refused = (code: ReplyCode, remainingSeconds: number) => fail(code, { data: { remainingSeconds } });

export default async function authRoutes(app: FastifyInstance, deps: RouteDeps) {
  const { upstream, callbackPolicy, config } = deps;
  const doors = signInDoors(deps);

  app.post<{ Body: LoginRequest }>(
    '/api/Member/Login',
    // Signing in anew replaces a session that must change its password.
    { schema: { body: LoginRequestSchema, response: replySchemas(SignInResultSchema) }, config: ALLOWED_DURING_PASSWORD_CHANGE },
    async (request, reply) => {
      const { userId, password, returnUrl, pass } = request.body;
      const allowedReturnUrl = allowedCallbackUrl(returnUrl, callbackPolicy);
      const local = allowedReturnUrl !== undefined && isPortalUrl(allowedReturnUrl, callbackPolicy);
      // A failed call leaves the attempt counted: at worst an outage ends in one ordinary lock.
      const result = await doors.attempt(request, reply, SIGN_IN_DOORS.password, userId, () =>
        upstream.call<UpstreamSignInData>({
          method: 'POST',
          path: '/api/Member/Login',
          body: {
            userId,
            password: encodePassword(password, config.passwordEncodingKey),
            returnUrl: local ? undefined : allowedReturnUrl,
            pass,
          },
          language: requestLanguage(request),
        }),
      );
      if (result.body.code === 'AccountLock') return result.body;
      if (result.body.code === 'confirmbycode') {
        passwordConfirmation.await(request, userId, deps.clock.now());
        return result.body;
      }
      if (SIGN_IN_DOORS.password.verdict(result) === 'wrong')
        return reply.code(result.status).send(refused(replyCode(result.body.code), 0));
      return reply.code(result.status).send(await signedInReply(request, result, deps, local ? allowedReturnUrl : undefined));
    },
  );

  // A GET in the spec; the CSRF guard treats it as state-changing.
  app.get<{ Querystring: { logoutId?: string; pass?: string; callbackUrl?: string } }>(
    '/api/Member/Logout',
    {
      schema: { querystring: LogoutQuerySchema, response: replySchemas(LogoutSchema) },
      config: { ...CHANGES_STATE, ...ALLOWED_DURING_PASSWORD_CHANGE },
    },
    async (request, reply) => {
      await endSessionBothSides(request, reply, upstream);
      const lang = requestLanguage(request);
      const callback = allowedCallbackUrl(queryParam(request, 'callbackUrl'), callbackPolicy);
      return ok({ redirectUrl: callback ?? `/${lang}/login` });
    },
  );

  app.get(
    '/api/Member/IsLogin',
    { schema: { response: replySchemas(IsLoginSchema) }, config: ALLOWED_DURING_PASSWORD_CHANGE },
    async (request, reply) => {
      const member = signedInMember(request);
      if (!member) return ok({ isLogin: false });
      const result = await upstream.call(authContract.isLogin, { token: member.memberToken });
      if (result.status === 401) {
        await request.endMemberSession(reply);
        return ok({ isLogin: false });
      }
      return ok({ isLogin: result.body.isSuccess && result.body.data?.isLogin === true });
    },
  );
}
