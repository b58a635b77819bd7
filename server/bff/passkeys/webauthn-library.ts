import { onFirstUse } from '../../common/on-first-use.ts';

/**
 * @simplewebauthn/server, loaded by the first passkey ceremony rather than at every start:
 * importing it costs about 200 ms, which each process paid whether or not a passkey was used.
 */
export const webAuthnLibrary = onFirstUse(() => import('@simplewebauthn/server'));
