import { fail } from '../../../shared/schemas/reply.ts';
import type { SignInDoor } from '../sign-in/sign-in-doors.ts';
import type { UpstreamReply } from '../upstream.ts';

/** Replies that can only come after a passkey was found right (the account's state refuses it). */
const ACCOUNT_STATE_CODES = new Set(['mustactivate', 'unauthorized']);

/**
 * Passkey sign-in as a door of sign-in-doors.ts: a refused assertion counts against the address
 * and towards the lock of that credential alone. A passkey cannot be guessed, so the owner's
 * password lock does not apply here: five wrong passwords from someone who knows the address
 * never keep the member out of passkey sign-in. A sign-in with the passkey starts its series again.
 */
export const PASSKEY_DOOR = {
  locks: 'credential',
  verdict: ({ body }) =>
    body.code === 'PasskeyNotAccepted' ? 'wrong' : body.isSuccess || ACCOUNT_STATE_CODES.has(body.code) ? 'right' : 'unproven',
} as const satisfies SignInDoor;

/** No challenge of this browser's, an unknown credential or an assertion that does not verify: one answer for all. */
export const passkeyRefused = (): UpstreamReply<never> => ({ status: 200, body: fail('PasskeyNotAccepted') });
