import { createHmac } from 'node:crypto';
import type { AuthenticationResponseJSON, AuthenticatorTransport, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { CredentialKey, NewPasskey } from '../../../shared/contract/passkeys.ts';
import type { RelyingParty } from './relying-party.ts';
import { webAuthnLibrary } from './webauthn-library.ts';

/** Every ceremony asks the authenticator to verify the member (PIN, biometrics), not only presence. */
const USER_VERIFICATION = 'required' as const;

/**
 * The WebAuthn user handle: stable per member, opaque (an HMAC of the member id), so the
 * authenticator learns nothing about our ids and one member's passkeys share one handle.
 */
export function userHandle(memberId: number, secret: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(createHmac('sha256', secret).update(`passkey-user:${memberId}`).digest());
}

export async function registrationOptions(
  rp: RelyingParty,
  member: { userId: string; handle: Uint8Array<ArrayBuffer> },
  existing: Array<{ credentialId: string; transports: string[] }>,
) {
  const { generateRegistrationOptions } = await webAuthnLibrary();
  return generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: member.userId,
    userID: member.handle,
    attestationType: 'none',
    excludeCredentials: existing.map((c) => ({ id: c.credentialId, transports: c.transports as AuthenticatorTransport[] })),
    authenticatorSelection: { residentKey: 'required', userVerification: USER_VERIFICATION },
  });
}

/** The credential to store, or undefined when the response does not prove a new credential for this challenge. */
export async function verifiedRegistration(
  rp: RelyingParty,
  response: RegistrationResponseJSON,
  challenge: string,
): Promise<Omit<NewPasskey, 'name'> | undefined> {
  const { verifyRegistrationResponse } = await webAuthnLibrary();
  const result = await verifyRegistrationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: true,
  });
  if (!result.verified) return undefined;
  const { credential } = result.registrationInfo;
  return {
    credentialId: credential.id,
    publicKey: Buffer.from(credential.publicKey).toString('base64url'),
    counter: credential.counter,
    transports: credential.transports ?? [],
  };
}

/** Discoverable credentials only: the browser offers whichever passkeys it holds for the portal. */
export async function authenticationOptions(rp: RelyingParty) {
  const { generateAuthenticationOptions } = await webAuthnLibrary();
  return generateAuthenticationOptions({ rpID: rp.id, userVerification: USER_VERIFICATION, allowCredentials: [] });
}

/**
 * What a verified assertion says: the authenticator's new counter, and whether it went backwards.
 * A counter is one the authenticator keeps when either value is above 0 (synced passkeys keep 0);
 * a signature by the right key with a counter not above the one on record means a copy of the
 * key is in use somewhere (WebAuthn §6.1.1). The library would only refuse it; the portal must
 * tell it apart from a wrong answer, to take the credential out of use.
 */
export interface VerifiedAssertion {
  newCounter: number;
  counterWentBack: boolean;
}

/** The owner's user handle, base64url, as an assertion of one of their passkeys must carry it. */
export function expectedUserHandle(memberId: number, secret: string): string {
  return Buffer.from(userHandle(memberId, secret)).toString('base64url');
}

/**
 * The assertion verified for this challenge, key and owner; undefined when it does not verify.
 * The user handle must be the owner's: a discoverable credential names the account it was made
 * for, and one that names another account is not that owner's passkey, whatever the store says.
 */
export async function verifiedAssertion(
  rp: RelyingParty,
  response: AuthenticationResponseJSON,
  challenge: string,
  key: CredentialKey,
  secret: string,
): Promise<VerifiedAssertion | undefined> {
  if (response.response.userHandle !== expectedUserHandle(key.memberId, secret)) return undefined;
  const { verifyAuthenticationResponse } = await webAuthnLibrary();
  const result = await verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    credential: {
      id: response.id,
      publicKey: new Uint8Array(Buffer.from(key.publicKey, 'base64url')),
      // The counter is compared below, so that a regression is told from a forgery.
      counter: 0,
      transports: key.transports as AuthenticatorTransport[],
    },
    requireUserVerification: true,
  });
  if (!result.verified) return undefined;
  const { newCounter } = result.authenticationInfo;
  const counterWentBack = (newCounter > 0 || key.counter > 0) && newCounter <= key.counter;
  return { newCounter, counterWentBack };
}
