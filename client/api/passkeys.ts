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

// The contract keeps WebAuthn options open (the portal passes on what its WebAuthn library makes);
// the browser's library names their fields.
export const passkeyLoginOptions = () =>
  portalRequest<Routes['loginOptions']>('POST', '/api/Member/Passkey/LoginOptions', {}) as Promise<
    Reply<PublicKeyCredentialRequestOptionsJSON>
  >;

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
