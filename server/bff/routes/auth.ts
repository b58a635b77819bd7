import type { FastifyInstance } from 'fastify';
import type { Static } from '@sinclair/typebox';
import { LoginRequestSchema, LogoutQuerySchema } from '../../../shared/schemas/auth.ts';
import { ok, type Reply } from '../../../shared/schemas/reply.ts';
import { encodePassword } from '../../common/password-encoding.ts';
import { allowedCallbackUrl } from '../callback-url.ts';
import { UpstreamUnavailableError } from '../errors.ts';
import { signedInMember } from '../plugins/session.ts';
import { strictRateLimit } from '../plugins/rate-limits.ts';
import { queryParam, requestLanguage } from '../request-language.ts';
import type { RouteDeps } from './deps.ts';

/** What the member service answers a sign-in with; the token part never reaches the browser. */
interface UpstreamLoginData {
  token?: string;
  tokenExpiresAt?: string;
  userId?: string;
  memberId?: number;
  status?: number;
  redirectUrl?: string;
  [key: string]: unknown;
}

function withoutToken(body: Reply<UpstreamLoginData>): Reply<UpstreamLoginData> {
  if (!body.data) return body;
  const { token: _token, tokenExpiresAt: _expires, memberId: _memberId, ...data } = body.data;
  return { ...body, data };
}

export default async function authRoutes(app: FastifyInstance, deps: RouteDeps) {
  const { upstream, callbackPolicy, config } = deps;

  app.post<{ Body: Static<typeof LoginRequestSchema> }>(
    '/api/Member/Login',
    { schema: { body: LoginRequestSchema }, config: strictRateLimit(config.loginRateLimitPerMinute) },
    async (request, reply) => {
      const { userId, password, returnUrl, pass } = request.body;
      const allowedReturnUrl = allowedCallbackUrl(returnUrl, callbackPolicy);
      const result = await upstream.call<UpstreamLoginData>({
        method: 'POST',
        path: '/api/Member/Login',
        body: { userId, password: encodePassword(password, config.passwordEncodingKey), returnUrl: allowedReturnUrl, pass },
        language: requestLanguage(request),
      });
      const data = result.body.data;
      if (!result.body.isSuccess || !data?.token || data.memberId === undefined) {
        return reply.code(result.status).send(withoutToken(result.body));
      }

      await request.startMemberSession({
        memberToken: data.token,
        tokenExpiresAt: data.tokenExpiresAt ?? '',
        userId: data.userId ?? userId,
        memberId: data.memberId,
      });
      const shown = withoutToken(result.body);
      const redirectUrl = allowedCallbackUrl(data.redirectUrl ?? allowedReturnUrl, callbackPolicy);
      const { redirectUrl: _upstreamRedirect, ...rest } = shown.data ?? {};
      return { ...shown, data: redirectUrl === undefined ? rest : { ...rest, redirectUrl } };
    },
  );

  // A GET in the spec; the CSRF guard treats it as state-changing.
  app.get<{ Querystring: Static<typeof LogoutQuerySchema> }>(
    '/api/Member/Logout',
    { schema: { querystring: LogoutQuerySchema } },
    async (request, reply) => {
      const member = signedInMember(request);
      if (member) {
        try {
          await upstream.call({ method: 'GET', path: '/api/Member/Logout', token: member.memberToken });
        } catch (err) {
          // The local session ends regardless; the token expires upstream on its own.
          if (!(err instanceof UpstreamUnavailableError)) throw err;
          request.log.warn({ err }, 'token revocation failed at sign-out');
        }
      }
      await request.endMemberSession(reply);
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
