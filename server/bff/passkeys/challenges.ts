import type { FastifyRequest } from 'fastify';
import { PASSKEY_CHALLENGE_SECONDS } from '../../../shared/schemas/passkeys.ts';

export type CeremonyKind = 'register' | 'login';

interface PendingChallenge {
  kind: CeremonyKind;
  challenge: string;
  expiresAt: number;
  /** Registration: the member it was issued to. */
  memberId?: number;
}

declare module 'fastify' {
  interface Session {
    passkeyChallenge?: PendingChallenge;
  }
}

/**
 * WebAuthn challenges live in the browser's server-side session: one at a time, for one kind of
 * ceremony, for PASSKEY_CHALLENGE_SECONDS, and taken out of the session by the first answer,
 * right or wrong. An assertion made for one browser's challenge is worthless in another's.
 */
export function issueChallenge(request: FastifyRequest, kind: CeremonyKind, challenge: string, now: number, memberId?: number): void {
  request.session.passkeyChallenge = {
    kind,
    challenge,
    expiresAt: now + PASSKEY_CHALLENGE_SECONDS * 1000,
    ...(memberId === undefined ? {} : { memberId }),
  };
}

/** The pending challenge of `kind`, consumed; undefined when there is none, it expired, or it was issued to another member. */
export function takeChallenge(request: FastifyRequest, kind: CeremonyKind, now: number, memberId?: number): string | undefined {
  const pending = request.session.passkeyChallenge;
  if (pending === undefined || pending.challenge === '') return undefined;
  // Spent, not deleted: the store keeps an anonymous session only while it holds some state, so
  // a deleted field would leave the stored copy, challenge included, for another try.
  request.session.passkeyChallenge = { kind: pending.kind, challenge: '', expiresAt: 0 };
  if (pending.kind !== kind || pending.expiresAt <= now || pending.memberId !== memberId) return undefined;
  return pending.challenge;
}
