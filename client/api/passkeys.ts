import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import type { passkeysPortal } from '../../shared/contract/portal/passkeys.ts';
import type { Reply } from '../../shared/schemas/reply.ts';
import { portalRequest, type PortalBody } from './portal-request.ts';

type Routes = typeof passkeysPortal;
type WebAuthnResponse = PortalBody<Routes['login']>['credential'];
/** The browser library's answer as the contract's open object (its types lack the index signature its plain JSON has). */
const asSent = (credential: AuthenticationResponseJSON | RegistrationResponseJSON) => credential as unknown as WebAuthnResponse;

export const PASSKEYS_PATH: Routes['list']['url'] = '/api/Member/Passkeys';

/** WebAuthn in this browser, on a host name: browsers refuse an IP address as relying-party id. */
export function passkeysAvailable(): boolean {
  return typeof window !== 'undefined' && 'PublicKeyCredential' in window && !/^[\d.]+$|[[:]/.test(location.hostname);
}

/**
 * The challenge request under way, if any. Its reply stores the challenge in the visitor's
 * session and so sets the session cookie: answered after a sign-in that was sent before it came
 * back, it would put the visitor's cookie back in place of the member's, who would find
 * themselves signed out on the next screen. Every sign-in calls it off first (`callOffPasskeyOffer`).
 */
let challengeUnderWay: AbortController | undefined;

/** Gives up the challenge request under way; one already answered changes nothing (the sign-in's reply comes after it). */
export function callOffPasskeyOffer(): void {
  challengeUnderWay?.abort();
  challengeUnderWay = undefined;
}

// The contract keeps WebAuthn options open (the portal passes on what its WebAuthn library makes);
// the browser's library names their fields. A newer request replaces one under way.
export async function passkeyLoginOptions(): Promise<Reply<PublicKeyCredentialRequestOptionsJSON>> {
  callOffPasskeyOffer();
  const controller = new AbortController();
  challengeUnderWay = controller;
  try {
    return (await portalRequest<Routes['loginOptions']>(
      'POST',
      '/api/Member/Passkey/LoginOptions',
      {},
      { signal: controller.signal },
    )) as Reply<PublicKeyCredentialRequestOptionsJSON>;
  } finally {
    if (challengeUnderWay === controller) challengeUnderWay = undefined;
  }
}

const PASSKEY_LOGIN_PATH: Routes['login']['url'] = '/api/Member/Passkey/Login';

export const passkeyLogin = ({
  credential,
  ...rest
}: Omit<PortalBody<Routes['login']>, 'credential'> & { credential: AuthenticationResponseJSON }) =>
  portalRequest<Routes['login']>('POST', PASSKEY_LOGIN_PATH, { body: { ...rest, credential: asSent(credential) } });

export const passkeyRegisterOptions = () =>
  portalRequest<Routes['registerOptions']>('POST', '/api/Member/Passkey/RegisterOptions', {}) as Promise<
    Reply<PublicKeyCredentialCreationOptionsJSON>
  >;

export const registerPasskey = ({ credential, name }: { credential: RegistrationResponseJSON; name: string }) =>
  portalRequest<Routes['register']>('POST', '/api/Member/Passkey/Register', { body: { credential: asSent(credential), name } });

export const renamePasskey = (id: string, name: string) =>
  portalRequest<Routes['rename']>('PATCH', '/api/Member/Passkeys/:id', { params: { id }, body: { name } });

export const removePasskey = (id: string) => portalRequest<Routes['remove']>('DELETE', '/api/Member/Passkeys/:id', { params: { id } });
