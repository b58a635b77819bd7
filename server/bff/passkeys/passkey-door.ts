import { fail } from '../../../shared/schemas/reply.ts';
import type { SignInDoor } from '../sign-in/sign-in-doors.ts';
import type { UpstreamReply } from '../upstream.ts';

/** Replies that can only come after a passkey was found right (the account's state refuses it). */
const ACCOUNT_STATE_CODES = new Set(['mustactivate', 'unauthorized']);

/**
 * Passkey sign-in as a door of sign-in-doors.ts: a refused assertion counts against the address
 * and, once the credential names its owner, towards the owner's one sign-in lock; a locked account
 * is refused with AccountLock like at the password door; a passkey sign-in starts the series again.
 */
export const PASSKEY_DOOR = {
  checksPassword: true,
  verdict: ({ body }) =>
    body.code === 'PasskeyNotAccepted' ? 'wrong' : body.isSuccess || ACCOUNT_STATE_CODES.has(body.code) ? 'right' : 'unproven',
} as const satisfies SignInDoor;

/** No challenge of this browser's, an unknown credential or an assertion that does not verify: one answer for all. */
export const passkeyRefused = (): UpstreamReply<never> => ({ status: 200, body: fail('PasskeyNotAccepted') });
