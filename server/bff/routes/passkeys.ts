import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { passkeysContract, type CredentialKey } from '../../../shared/contract/passkeys.ts';
import { LoginResultDataSchema } from '../../../shared/schemas/auth.ts';
import {
  PasskeyListSchema,
  PasskeyLoginSchema,
  PasskeyParamsSchema,
  PasskeyRegisterSchema,
  PasskeyRenameSchema,
  PasskeySchema,
  WebAuthnOptionsSchema,
  type Passkey,
  type PasskeyLogin,
  type PasskeyParams,
  type PasskeyRegister,
  type PasskeyRename,
} from '../../../shared/schemas/passkeys.ts';
import { ok, replySchemas as replies } from '../../../shared/schemas/reply.ts';
import { allowedCallbackUrl, isPortalUrl } from '../callback-url.ts';
import { notSignedIn, ReplyError } from '../errors.ts';
import { authenticationOptions, registrationOptions, userHandle, verifiedAssertion, verifiedRegistration } from '../passkeys/ceremonies.ts';
import { passkeyChallenges } from '../passkeys/challenges.ts';
import { passkeyRefused } from '../passkeys/passkey-door.ts';
import { relyingParty } from '../passkeys/relying-party.ts';
import { ALLOWED_DURING_PASSWORD_CHANGE, signedInMember } from '../plugins/session.ts';
import { requestLanguage } from '../request-language.ts';
import { securityEventRecorder, whereFrom } from '../sessions/security-event-recorder.ts';
import { requireRecentSignIn } from '../sign-in/recent-sign-in.ts';
import type { UpstreamSignInData } from '../sign-in/signed-in-reply.ts';
import type { UpstreamReply } from '../upstream.ts';
import type { RouteDeps } from '../deps.ts';
import { callAsMember, relay } from './member-call.ts';

const OneSchema = Type.Object({ passkey: PasskeySchema });

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

  app.post('/api/Member/Passkey/RegisterOptions', { schema: { response: replies(WebAuthnOptionsSchema) } }, async (request, reply) => {
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

  app.post<{ Body: PasskeyRegister }>(
    '/api/Member/Passkey/Register',
    { schema: { body: PasskeyRegisterSchema, response: replies(OneSchema) } },
    async (request, reply) => {
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
    },
  );

  app.get('/api/Member/Passkeys', { schema: { response: replies(PasskeyListSchema) } }, async (request, reply) => {
    const result = await callAsMember(upstream, request, reply, passkeysContract.list, {});
    if (!result.body.isSuccess) return relay(reply, result);
    return ok({ passkeys: (result.body.data?.passkeys ?? []).map(shown) });
  });

  app.patch<{ Params: PasskeyParams; Body: PasskeyRename }>(
    '/api/Member/Passkeys/:id',
    { schema: { params: PasskeyParamsSchema, body: PasskeyRenameSchema, response: replies(OneSchema) } },
    async (request, reply) =>
      relay(reply, await callAsMember(upstream, request, reply, passkeysContract.rename, { params: request.params, body: request.body })),
  );

  app.delete<{ Params: PasskeyParams }>(
    '/api/Member/Passkeys/:id',
    { schema: { params: PasskeyParamsSchema, response: replies(Type.Object({ id: Type.String() })) } },
    async (request, reply) => {
      const member = signedInMember(request);
      if (!member) throw notSignedIn();
      // Taking a way in away from the owner: only after a sign-in the member made themselves, just now.
      requireRecentSignIn(request, clock.now());
      const result = await callAsMember(upstream, request, reply, passkeysContract.remove, { params: request.params });
      if (result.body.isSuccess) await record(request, { type: 'passkeyRemoved', memberId: member.memberId });
      return relay(reply, result);
    },
  );

  // Signing in anew replaces a session that must change its password, as the password sign-in does.
  app.post(
    '/api/Member/Passkey/LoginOptions',
    { schema: { response: replies(WebAuthnOptionsSchema) }, config: ALLOWED_DURING_PASSWORD_CHANGE },
    async (request) => {
      const options = await authenticationOptions(rp);
      await challenges.issue(request, 'login', options.challenge, clock.now());
      return ok(options);
    },
  );

  app.post<{ Body: PasskeyLogin }>(
    '/api/Member/Passkey/Login',
    { schema: { body: PasskeyLoginSchema, response: replies(LoginResultDataSchema) }, config: ALLOWED_DURING_PASSWORD_CHANGE },
    async (request, reply) => {
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
        check: async (): Promise<UpstreamReply<UpstreamSignInData>> => {
          const challenge = await challenges.take(request, 'login', clock.now());
          if (challenge === undefined) return passkeyRefused();
          const key = await upstream.call<CredentialKey>({
            method: 'POST',
            path: '/api/Member/Passkey/Credential',
            body: { credentialId: assertion.id },
          });
          const stored = key.body.isSuccess ? key.body.data : undefined;
          if (stored === undefined) return passkeyRefused();
          const verified = await verifiedAssertion(rp, assertion, challenge, stored, config.sessionSecret).catch((error: unknown) => {
            request.log.info({ err: error }, 'passkey assertion not verified');
            return undefined;
          });
          if (verified === undefined) return passkeyRefused();
          if (verified.counterWentBack) {
            request.log.warn('passkey counter went backwards: credential disabled as possibly cloned');
            await upstream.call({
              method: 'POST',
              path: '/api/Member/Passkey/Cloned',
              body: { credentialId: assertion.id, ...whereFrom(request) },
            });
            return passkeyRefused();
          }
          const { newCounter } = verified;
          return upstream.call<UpstreamSignInData>({
            method: 'POST',
            path: '/api/Member/Passkey/Login',
            body: {
              credentialId: assertion.id,
              seenCounter: stored.counter,
              newCounter,
              returnUrl: local ? undefined : allowedReturnUrl,
              pass,
            },
            language: requestLanguage(request),
          });
        },
      });
    },
  );
}
