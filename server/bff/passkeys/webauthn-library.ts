/**
 * @simplewebauthn/server, loaded by the first passkey ceremony rather than at every start:
 * importing it costs about 200 ms, which each process paid whether or not a passkey was used.
 */
type WebAuthnLibrary = typeof import('@simplewebauthn/server');

let loading: Promise<WebAuthnLibrary> | undefined;

export function webAuthnLibrary(): Promise<WebAuthnLibrary> {
  loading ??= import('@simplewebauthn/server');
  return loading;
}
