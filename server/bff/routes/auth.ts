import type { FastifyInstance } from 'fastify';
import { authContract } from '../../../shared/contract/auth.ts';
import { signInPortal } from '../../../shared/contract/portal/sign-in.ts';
import { ok } from '../../../shared/schemas/reply.ts';
import { encodePassword } from '../../common/password-encoding.ts';
import { allowedCallbackUrl, isPortalUrl } from '../callback-url.ts';
import { CHANGES_STATE } from '../plugins/csrf.ts';
import { ALLOWED_DURING_PASSWORD_CHANGE, signedInMember } from '../plugins/session.ts';
import { queryParam, requestLanguage } from '../request-language.ts';
import { passwordConfirmation } from '../sign-in/password-confirmation.ts';
import type { RouteDeps } from '../deps.ts';
import { portalApi, served } from './portal-api.ts';

export default async function authRoutes(app: FastifyInstance, deps: RouteDeps) {
  const { upstream, callbackPolicy, config, signIn, sessions } = deps;
  const api = portalApi(app);
  const { login, logout, isLogin } = signInPortal;

  // Signing in anew replaces a session that must change its password.
  api.post(login.url, served(login, ALLOWED_DURING_PASSWORD_CHANGE), async (request, reply) => {
    const { userId, password, returnUrl, pass } = request.body;
    const allowedReturnUrl = allowedCallbackUrl(returnUrl, callbackPolicy);
    const local = allowedReturnUrl !== undefined && isPortalUrl(allowedReturnUrl, callbackPolicy);
    // A failed call leaves the attempt counted: at worst an outage ends in one ordinary lock.
    // A wrong password, an unknown account and a locked one answer alike (sign-in-service.ts).
    return signIn.signIn(request, reply, {
      way: 'password',
      userId,
      localRedirect: local ? allowedReturnUrl : undefined,
      check: async (signedInFrom) => {
        const result = await upstream.call(authContract.login, {
          body: {
            userId,
            password: encodePassword(password, config.passwordEncodingKey),
            returnUrl: local ? undefined : allowedReturnUrl,
            pass,
            signedInFrom,
          },
          language: requestLanguage(request),
        });
        // The password was right but set before someone else proved the address: a mailed code must confirm it here.
        if (result.body.code === 'confirmbycode') passwordConfirmation.await(request, userId, deps.clock.now());
        return result;
      },
    });
  });

  // A GET in the spec; the CSRF guard treats it as state-changing.
  api.get(logout.url, served(logout, { ...CHANGES_STATE, ...ALLOWED_DURING_PASSWORD_CHANGE }), async (request, reply) => {
    await sessions.endThisSession(request, reply, { reason: 'signOut' });
    const lang = requestLanguage(request);
    // Case-insensitive, as every query of the spec: company sites send `callbackurl` as well.
    const callback = allowedCallbackUrl(queryParam(request, 'callbackUrl'), callbackPolicy);
    return ok({ redirectUrl: callback ?? `/${lang}/login` });
  });

  api.get(isLogin.url, served(isLogin, ALLOWED_DURING_PASSWORD_CHANGE), async (request, reply) => {
    const member = signedInMember(request);
    if (!member) return ok({ isLogin: false });
    const result = await upstream.call(authContract.isLogin, { token: member.memberToken });
    if (result.status === 401) {
      await request.endMemberSession(reply);
      return ok({ isLogin: false });
    }
    return ok({ isLogin: result.body.isSuccess && result.body.data?.isLogin === true });
  });
}
