import type { FastifyInstance } from 'fastify';
import { LoginRequestSchema, LogoutQuerySchema, type LoginRequest } from '../../../shared/schemas/auth.ts';
import { fail, ok } from '../../../shared/schemas/reply.ts';
import { encodePassword } from '../../common/password-encoding.ts';
import { allowedCallbackUrl, isPortalUrl } from '../callback-url.ts';
import { signedInMember } from '../plugins/session.ts';
import { strictRateLimit } from '../plugins/rate-limits.ts';
import { queryParam, requestLanguage } from '../request-language.ts';
import { endSessionBothSides } from '../sign-in/end-session.ts';
import { SignInLockout } from '../sign-in/lockout.ts';
import { signedInReply, type UpstreamSignInData } from '../sign-in/signed-in-reply.ts';
import type { RouteDeps } from './deps.ts';

/** Codes that count as a wrong password towards the lock. */
const WRONG_PASSWORD_CODES = new Set(['AccountOrPwdFail', 'ContactHR']);

/**
 * A wrong password, an unknown account and a locked one answer with the same status and the
 * same envelope shape (`data.remainingSeconds` is 0 unless locked).
 */
const refused = (code: string, remainingSeconds: number) => fail(code, { data: { remainingSeconds } });

export default async function authRoutes(app: FastifyInstance, deps: RouteDeps) {
  const { upstream, callbackPolicy, config, store } = deps;
  const lockout = new SignInLockout(store);

  app.post<{ Body: LoginRequest }>(
    '/api/Member/Login',
    { schema: { body: LoginRequestSchema }, config: strictRateLimit(config.loginRateLimitPerMinute) },
    async (request, reply) => {
      const { userId, password, returnUrl, pass } = request.body;
      const account = SignInLockout.account(userId);
      const gate = await lockout.begin(account);
      if (!gate.allowed) return refused('AccountLock', gate.remainingSeconds);

      const allowedReturnUrl = allowedCallbackUrl(returnUrl, callbackPolicy);
      const local = allowedReturnUrl !== undefined && isPortalUrl(allowedReturnUrl, callbackPolicy);
      // A failed call leaves the attempt counted: at worst an outage ends in one ordinary lock.
      const result = await upstream.call<UpstreamSignInData>({
        method: 'POST',
        path: '/api/Member/Login',
        body: { userId, password: encodePassword(password, config.passwordEncodingKey), returnUrl: local ? undefined : allowedReturnUrl, pass },
        language: requestLanguage(request),
      });

      if (WRONG_PASSWORD_CODES.has(result.body.code)) {
        const locked = await lockout.failed(account, gate.attempt);
        if (locked !== undefined) return refused('AccountLock', locked);
        return reply.code(result.status).send(refused(result.body.code, 0));
      }
      await lockout.succeeded(account);
      return reply.code(result.status).send(await signedInReply(request, result, callbackPolicy, local ? allowedReturnUrl : undefined));
    },
  );

  // A GET in the spec; the CSRF guard treats it as state-changing.
  app.get<{ Querystring: { logoutId?: string; pass?: string; callbackUrl?: string } }>(
    '/api/Member/Logout',
    { schema: { querystring: LogoutQuerySchema } },
    async (request, reply) => {
      await endSessionBothSides(request, reply, upstream);
      const lang = requestLanguage(request);
      const callback = allowedCallbackUrl(queryParam(request, 'callbackUrl'), callbackPolicy);
      return ok({ redirectUrl: callback ?? `/${lang}/login` });
    },
  );

  app.get('/api/Member/IsLogin', async (request, reply) => {
    const member = signedInMember(request);
    if (!member) return ok({ isLogin: false });
    const result = await upstream.call<{ isLogin?: boolean }>({ method: 'GET', path: '/api/Member/IsLogin', token: member.memberToken });
    if (result.status === 401) {
      await request.endMemberSession(reply);
      return ok({ isLogin: false });
    }
    return ok({ isLogin: result.body.isSuccess && result.body.data?.isLogin === true });
  });
}
