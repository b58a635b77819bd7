import { createHmac } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { CredentialKey, NewPasskey } from '../../../shared/contract/passkeys.ts';
import type { RelyingParty } from './relying-party.ts';

/** Every ceremony asks the authenticator to verify the member (PIN, biometrics), not only presence. */
const USER_VERIFICATION = 'required' as const;

/**
 * The WebAuthn user handle: stable per member, opaque (an HMAC of the member id), so the
 * authenticator learns nothing about our ids and one member's passkeys share one handle.
 */
export function userHandle(memberId: number, secret: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(createHmac('sha256', secret).update(`passkey-user:${memberId}`).digest());
}

export function registrationOptions(
  rp: RelyingParty,
  member: { userId: string; handle: Uint8Array<ArrayBuffer> },
  existing: Array<{ credentialId: string; transports: string[] }>,
) {
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
export function authenticationOptions(rp: RelyingParty) {
  return generateAuthenticationOptions({ rpID: rp.id, userVerification: USER_VERIFICATION, allowCredentials: [] });
}

/** The authenticator's new counter when the assertion is valid for this challenge and key; undefined otherwise. */
export async function verifiedAssertion(
  rp: RelyingParty,
  response: AuthenticationResponseJSON,
  challenge: string,
  key: CredentialKey,
): Promise<number | undefined> {
  const result = await verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    credential: {
      id: response.id,
      publicKey: new Uint8Array(Buffer.from(key.publicKey, 'base64url')),
      counter: key.counter,
      transports: key.transports as AuthenticatorTransport[],
    },
    requireUserVerification: true,
  });
  return result.verified ? result.authenticationInfo.newCounter : undefined;
}
