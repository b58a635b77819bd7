import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyInstance } from 'fastify';
import { passkeysContract } from '../../../shared/contract/passkeys.ts';
import { passkeysPortal } from '../../../shared/contract/portal/passkeys.ts';
import type { Passkey } from '../../../shared/schemas/passkeys.ts';
import { ok } from '../../../shared/schemas/reply.ts';
import { allowedCallbackUrl, isPortalUrl } from '../callback-url.ts';
import { notSignedIn, ReplyError } from '../errors.ts';
import { authenticationOptions, registrationOptions, userHandle, verifiedAssertion, verifiedRegistration } from '../passkeys/ceremonies.ts';
import { passkeyChallenges } from '../passkeys/challenges.ts';
import { passkeyRefused } from '../passkeys/passkey-door.ts';
import { relyingParty } from '../passkeys/relying-party.ts';
import { ALLOWED_DURING_PASSWORD_CHANGE, signedInMember } from '../plugins/session.ts';
import { requestLanguage } from '../request-language.ts';
import { securityEventRecorder } from '../sessions/security-event-recorder.ts';
import { requireRecentSignIn } from '../sign-in/recent-sign-in.ts';
import type { RouteDeps } from '../deps.ts';
import { callAsMember, relay } from './member-call.ts';
import { portalApi, served } from './portal-api.ts';

const shown = ({ id, name, createdAt, lastUsedAt }: Passkey): Passkey => ({ id, name, createdAt, lastUsedAt });

/**
 * Passkeys: adding one in My Account, listing, renaming and removing them, and signing in with
 * one. The portal runs the WebAuthn ceremonies (challenges in the browser's session, its own
 * origin as relying party); the member service keeps the credentials (server/member-service/routes/passkeys.ts).
 */
export default async function passkeyRoutes(app: FastifyInstance, deps: RouteDeps) {
  const { upstream, callbackPolicy, config, clock, signIn } = deps;
  const rp = relyingParty(config.publicOrigin);
  const record = securityEventRecorder(upstream);
  const challenges = passkeyChallenges(deps.store);
  const api = portalApi(app);
  const { registerOptions, register, list, rename, remove, loginOptions, login } = passkeysPortal;

  api.post(registerOptions.url, served(registerOptions), async (request, reply) => {
    const member = signedInMember(request);
    if (!member) throw notSignedIn();
    requireRecentSignIn(request, clock.now());
    const existing = await callAsMember(upstream, request, reply, passkeysContract.list, {});
    if (!existing.body.isSuccess) return relay(reply, existing);
    const options = await registrationOptions(
      rp,
      { userId: member.userId, handle: userHandle(member.memberId, config.sessionSecret) },
      existing.body.data?.passkeys ?? [],
    );
    await challenges.issue(request, 'register', options.challenge, clock.now(), member.memberId);
    return ok(options);
  });

  api.post(register.url, served(register), async (request, reply) => {
    const member = signedInMember(request);
    if (!member) throw notSignedIn();
    requireRecentSignIn(request, clock.now());
    const challenge = await challenges.take(request, 'register', clock.now(), member.memberId);
    if (challenge === undefined) throw new ReplyError(400, 'PasskeyChallengeInvalid');
    const credential = await verifiedRegistration(rp, request.body.credential as unknown as RegistrationResponseJSON, challenge).catch(
      (error: unknown) => {
        request.log.info({ err: error }, 'passkey registration not verified');
        return undefined;
      },
    );
    if (!credential) throw new ReplyError(400, 'PasskeyNotAccepted');
    const result = await callAsMember(upstream, request, reply, passkeysContract.add, {
      body: { ...credential, name: request.body.name },
      language: requestLanguage(request),
    });
    if (result.body.isSuccess) await record(request, { type: 'passkeyAdded', memberId: member.memberId });
    return relay(reply, result);
  });

  api.get(list.url, served(list), async (request, reply) => {
    const result = await callAsMember(upstream, request, reply, passkeysContract.list, {});
    if (!result.body.isSuccess) return relay(reply, result);
    return ok({ passkeys: (result.body.data?.passkeys ?? []).map(shown) });
  });

  api.patch(rename.url, served(rename), async (request, reply) =>
    relay(reply, await callAsMember(upstream, request, reply, passkeysContract.rename, { params: request.params, body: request.body })),
  );

  api.delete(remove.url, served(remove), async (request, reply) => {
    const member = signedInMember(request);
    if (!member) throw notSignedIn();
    // Taking a way in away from the owner: only after a sign-in the member made themselves, just now.
    requireRecentSignIn(request, clock.now());
    const result = await callAsMember(upstream, request, reply, passkeysContract.remove, { params: request.params });
    if (result.body.isSuccess) await record(request, { type: 'passkeyRemoved', memberId: member.memberId });
    return relay(reply, result);
  });

  // Signing in anew replaces a session that must change its password, as the password sign-in does.
  api.post(loginOptions.url, served(loginOptions, ALLOWED_DURING_PASSWORD_CHANGE), async (request) => {
    const options = await authenticationOptions(rp);
    await challenges.issue(request, 'login', options.challenge, clock.now());
    return ok(options);
  });

  api.post(login.url, served(login, ALLOWED_DURING_PASSWORD_CHANGE), async (request, reply) => {
    const { credential, returnUrl, pass } = request.body;
    const assertion = credential as unknown as AuthenticationResponseJSON;
    const allowedReturnUrl = allowedCallbackUrl(returnUrl, callbackPolicy);
    // Same as password sign-in: a company site's URL goes upstream for its ticket; a portal page stays here.
    const local = allowedReturnUrl !== undefined && isPortalUrl(allowedReturnUrl, callbackPolicy);
    return signIn.signIn(request, reply, {
      way: 'passkey',
      // Refused assertions count towards this credential's own lock, never the owner's password lock.
      credentialId: assertion.id,
      localRedirect: local ? allowedReturnUrl : undefined,
      check: async (signedInFrom) => {
        const challenge = await challenges.take(request, 'login', clock.now());
        if (challenge === undefined) return passkeyRefused();
        const key = await upstream.call(passkeysContract.credential, { body: { credentialId: assertion.id } });
        const stored = key.body.isSuccess ? key.body.data : undefined;
        if (stored === undefined) return passkeyRefused();
        const verified = await verifiedAssertion(rp, assertion, challenge, stored, config.sessionSecret).catch((error: unknown) => {
          request.log.info({ err: error }, 'passkey assertion not verified');
          return undefined;
        });
        if (verified === undefined) return passkeyRefused();
        if (verified.counterWentBack) {
          request.log.warn('passkey counter went backwards: credential disabled as possibly cloned');
          await upstream.call(passkeysContract.cloned, { body: { credentialId: assertion.id, ...signedInFrom } });
          return passkeyRefused();
        }
        const { newCounter } = verified;
        return upstream.call(passkeysContract.signIn, {
          body: {
            credentialId: assertion.id,
            seenCounter: stored.counter,
            newCounter,
            returnUrl: local ? undefined : allowedReturnUrl,
            pass,
            signedInFrom,
          },
          language: requestLanguage(request),
        });
      },
    });
  });
}
