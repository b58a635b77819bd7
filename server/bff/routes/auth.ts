import { authContract } from '../../../shared/contract/auth.ts';
import type { FastifyInstance } from 'fastify';
import { LoginRequestSchema, LogoutQuerySchema, type LoginRequest } from '../../../shared/schemas/auth.ts';
import { IsLoginSchema } from '../../../shared/contract/auth.ts';
import { LogoutSchema, SignInResultSchema } from '../../../shared/contract/portal-replies.ts';
import { ok, replySchemas } from '../../../shared/schemas/reply.ts';
import { encodePassword } from '../../common/password-encoding.ts';
import { allowedCallbackUrl, isPortalUrl } from '../callback-url.ts';
import { CHANGES_STATE } from '../plugins/csrf.ts';
import { ALLOWED_DURING_PASSWORD_CHANGE, signedInMember } from '../plugins/session.ts';
import { queryParam, requestLanguage } from '../request-language.ts';
import { passwordConfirmation } from '../sign-in/password-confirmation.ts';
import type { UpstreamSignInData } from '../sign-in/signed-in-reply.ts';
import type { RouteDeps } from '../deps.ts';

export default async function authRoutes(app: FastifyInstance, deps: RouteDeps) {
  const { upstream, callbackPolicy, config, signIn, sessions } = deps;

  app.post<{ Body: LoginRequest }>(
    '/api/Member/Login',
    // Signing in anew replaces a session that must change its password.
    { schema: { body: LoginRequestSchema, response: replySchemas(SignInResultSchema) }, config: ALLOWED_DURING_PASSWORD_CHANGE },
    async (request, reply) => {
      const { userId, password, returnUrl, pass } = request.body;
      const allowedReturnUrl = allowedCallbackUrl(returnUrl, callbackPolicy);
      const local = allowedReturnUrl !== undefined && isPortalUrl(allowedReturnUrl, callbackPolicy);
      // A failed call leaves the attempt counted: at worst an outage ends in one ordinary lock.
      // A wrong password, an unknown account and a locked one answer alike (sign-in-service.ts).
      return signIn.signIn(request, reply, {
        way: 'password',
        userId,
        localRedirect: local ? allowedReturnUrl : undefined,
        check: async () => {
          const result = await upstream.call<UpstreamSignInData>({
            method: 'POST',
            path: '/api/Member/Login',
            body: {
              userId,
              password: encodePassword(password, config.passwordEncodingKey),
              returnUrl: local ? undefined : allowedReturnUrl,
              pass,
            },
            language: requestLanguage(request),
          });
          // The password was right but set before someone else proved the address: a mailed code must confirm it here.
          if (result.body.code === 'confirmbycode') passwordConfirmation.await(request, userId, deps.clock.now());
          return result;
        },
      });
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
      await sessions.endThisSession(request, reply, { reason: 'signOut' });
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
