import { socialContract } from '../../../shared/contract/social.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SocialType } from '../../../shared/enums.ts';
import { isLanguage } from '../../../shared/languages.ts';
import { socialPortal } from '../../../shared/contract/portal/social.ts';
import { fail, ok } from '../../../shared/schemas/reply.ts';
import { allowedCallbackUrl, isPortalUrl } from '../callback-url.ts';
import { notSignedIn, ReplyError } from '../errors.ts';
import { ALLOWED_DURING_PASSWORD_CHANGE, signedInMember } from '../plugins/session.ts';
import { strictRateLimit } from '../plugins/rate-limits.ts';
import { requestLanguage } from '../request-language.ts';
import { securityEventRecorder } from '../sessions/security-event-recorder.ts';
import { requireRecentSignIn } from '../sign-in/recent-sign-in.ts';
import { ProviderError } from '../social/provider-http.ts';
import {
  authorizationUrl,
  providerConfig,
  verifyAuthorizationCode,
  upstreamIdentity,
  type SocialTypeValue,
  type VerifiedIdentity,
} from '../social/providers.ts';
import {
  connectIdentity,
  consumeState,
  createState,
  forgetIdentity,
  holdIdentity,
  signUpIdentity,
  type SocialOrigin,
} from '../social/social-session.ts';
import { whereFrom } from '../sessions/security-event-recorder.ts';
import type { RouteDeps } from '../deps.ts';
import { callAsMember, relay } from './member-call.ts';
import { portalApi, served } from './portal-api.ts';

/** Each provider's sign-in: the portal route, the member-service call it ends in, the provider. */
const LOGINS = [
  [socialPortal.googleLogin, socialContract.googleLogin, SocialType.Google],
  [socialPortal.fbLogin, socialContract.fbLogin, SocialType.Facebook],
  [socialPortal.linkedinLogin, socialContract.linkedinLogin, SocialType.LinkedIn],
] as const;

const profileOf = (identity: VerifiedIdentity) => ({
  socialType: identity.socialType,
  socialId: identity.socialId,
  socialEmail: identity.socialEmail,
  socialName: identity.socialName,
});

/**
 * Social sign-in, sign-up and connect by the authorization-code flow. The browser brings back
 * the provider's code and our state; the BFF checks the state against the session, exchanges
 * the code with the client secret, reads the account from the provider and forwards only that
 * verified id to the member service.
 */
export default async function socialRoutes(app: FastifyInstance, deps: RouteDeps) {
  const { upstream, callbackPolicy, config, clock, signIn } = deps;
  const record = securityEventRecorder(upstream);
  // Sign-in here guesses nothing (the state is bound to the session, the provider confirms the
  // code), so it has only the general per-IP limit: an office signs in together. Sign-up and
  // connect keep the stricter one.
  const limited = strictRateLimit(config.loginRateLimitPerMinute);
  const api = portalApi(app);

  function memberIdOf(request: FastifyRequest): number | undefined {
    return signedInMember(request)?.memberId;
  }

  /** Checks the state, then verifies the code with the provider the state was issued for. */
  async function verify(request: FastifyRequest, code: string, state: string, expected?: SocialTypeValue, origins?: SocialOrigin[]) {
    const pending = consumeState(request, state, expected, clock.now(), memberIdOf(request));
    if (!pending || (origins && !origins.includes(pending.origin))) throw new ReplyError(400, 'SocialStateInvalid');
    const provider = providerConfig(config.social, pending.socialType);
    if (!provider) throw new ReplyError(400, 'SocialNotConfigured');
    try {
      const identity = await verifyAuthorizationCode(provider, pending.socialType, code, pending.redirectUri, config.upstreamTimeoutMs);
      return { identity, origin: pending.origin };
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      request.log.warn({ err: error }, 'social sign-in not verified');
      throw new ReplyError(400, 'SocialProfileError');
    }
  }

  api.post(socialPortal.authorize.url, served(socialPortal.authorize, ALLOWED_DURING_PASSWORD_CHANGE), async (request) => {
    const { socialType, origin } = request.body;
    const provider = providerConfig(config.social, socialType);
    if (!provider) throw new ReplyError(400, 'SocialNotConfigured');
    const memberId = memberIdOf(request);
    if (origin === 'connect' && memberId === undefined) throw notSignedIn();
    // Connecting a provider adds a way in: only after a sign-in the member made themselves, just now.
    if (origin === 'connect') requireRecentSignIn(request, clock.now());
    const lang = isLanguage(request.body.lang) ? request.body.lang : requestLanguage(request);
    const redirectUri = `${config.publicOrigin}/${lang}/social-login`;
    const state = createState(request, { socialType, origin, redirectUri, ...(origin === 'connect' ? { memberId } : {}) }, clock.now());
    return ok({ authorizationUrl: authorizationUrl(provider, socialType, state, redirectUri) });
  });

  for (const [login, call, socialType] of LOGINS) {
    api.post(login.url, served(login, ALLOWED_DURING_PASSWORD_CHANGE), async (request, reply) => {
      const { code, state, returnUrl, pass } = request.body;
      const allowedReturnUrl = allowedCallbackUrl(returnUrl, callbackPolicy);
      // Same as password sign-in: a company site's URL goes upstream for its ticket; a portal page stays here.
      const local = allowedReturnUrl !== undefined && isPortalUrl(allowedReturnUrl, callbackPolicy);
      let identity: VerifiedIdentity | undefined;
      const answer = await signIn.signIn(request, reply, {
        way: 'social',
        localRedirect: local ? allowedReturnUrl : undefined,
        check: async (signedInFrom) => {
          ({ identity } = await verify(request, code, state, socialType, ['login']));
          return upstream.call(call, {
            body: { id: identity.socialId, returnUrl: local ? undefined : allowedReturnUrl, pass, signedInFrom },
            language: requestLanguage(request),
          });
        },
      });
      if (answer.code === 'notfound' && identity) {
        // The verified identity waits in the session for the sign-up it leads to.
        holdIdentity(request, identity, 'register', clock.now());
        const { socialId: _id, ...shown } = profileOf(identity);
        return fail('notfound', { data: shown });
      }
      return answer;
    });
  }

  async function verifyForSignUpOrConnect(request: FastifyRequest, code: string, state: string, expected?: SocialTypeValue) {
    const { identity, origin } = await verify(request, code, state, expected, ['register', 'connect']);
    holdIdentity(request, identity, origin, clock.now(), origin === 'connect' ? memberIdOf(request) : undefined);
    return ok({ ...profileOf(identity), origin });
  }

  const { linkedinVerify, verify: socialVerify, signUp, connect } = socialPortal;
  api.post(linkedinVerify.url, served(linkedinVerify, limited), async (request) =>
    verifyForSignUpOrConnect(request, request.body.code, request.body.state, SocialType.LinkedIn),
  );
  api.post(socialVerify.url, served(socialVerify, limited), async (request) =>
    verifyForSignUpOrConnect(request, request.body.code, request.body.state),
  );

  /** The identity a social sign-up will register with (prefills the form after a reload). */
  api.get(signUp.url, served(signUp), async (request) => {
    const identity = signUpIdentity(request, clock.now());
    if (!identity) return ok({ identity: null });
    const { socialId: _id, ...shown } = profileOf(identity);
    return ok({ identity: shown });
  });

  api.post(connect.url, served(connect), async (request, reply) => {
    const member = signedInMember(request);
    if (!member) throw notSignedIn();
    const { socialType, isConnect } = request.body;
    // Connecting a provider adds a way in: only after a sign-in the member made themselves, just now.
    if (isConnect) requireRecentSignIn(request, clock.now());
    const identity = isConnect ? connectIdentity(request, socialType, member.memberId, clock.now()) : undefined;
    if (isConnect && !identity) throw new ReplyError(400, 'SocialStateInvalid');
    const body = identity ? { ...upstreamIdentity(identity), isConnect: true, ...whereFrom(request) } : { socialType, isConnect: false };
    const result = await callAsMember(upstream, request, reply, socialContract.connect, { body });
    if (isConnect) forgetIdentity(request);
    // A connect is recorded by the member service itself, with the mail whose "This wasn't me" link names it.
    if (result.body.isSuccess && !isConnect) await record(request, { type: 'socialDisconnected', memberId: member.memberId });
    return relay(reply, result);
  });
}
