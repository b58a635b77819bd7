import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import type { Passkey } from '../../shared/schemas/passkeys.ts';
import type { LoginResultData } from '../../shared/schemas/auth.ts';
import { request } from './http.ts';

export const PASSKEYS_PATH = '/api/Member/Passkeys';

/** WebAuthn in this browser, on a host name: browsers refuse an IP address as relying-party id. */
export function passkeysAvailable(): boolean {
  return typeof window !== 'undefined' && 'PublicKeyCredential' in window && !/^[\d.]+$|[[:]/.test(location.hostname);
}

export const passkeyLoginOptions = () =>
  request<PublicKeyCredentialRequestOptionsJSON>('/api/Member/Passkey/LoginOptions', { method: 'POST', body: {} });

export const PASSKEY_LOGIN_PATH = '/api/Member/Passkey/Login';

export const passkeyLogin = (body: { credential: unknown; returnUrl?: string; pass?: string }) =>
  request<LoginResultData>(PASSKEY_LOGIN_PATH, { method: 'POST', body });

export const passkeyRegisterOptions = () =>
  request<PublicKeyCredentialCreationOptionsJSON>('/api/Member/Passkey/RegisterOptions', { method: 'POST', body: {} });

export const registerPasskey = (body: { credential: unknown; name: string }) =>
  request<{ passkey: Passkey }>('/api/Member/Passkey/Register', { method: 'POST', body });

export const renamePasskey = (id: string, name: string) =>
  request<{ passkey: Passkey }>(`${PASSKEYS_PATH}/${encodeURIComponent(id)}`, { method: 'PATCH', body: { name } });

export const removePasskey = (id: string) => request<{ id: string }>(`${PASSKEYS_PATH}/${encodeURIComponent(id)}`, { method: 'DELETE' });
