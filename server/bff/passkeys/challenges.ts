import type { FastifyRequest } from 'fastify';
import { PASSKEY_CHALLENGE_SECONDS } from '../../../shared/schemas/passkeys.ts';
import type { KeyValueStore } from '../store/key-value-store.ts';

export type CeremonyKind = 'register' | 'login';

interface PendingChallenge {
  kind: CeremonyKind;
  expiresAt: number;
  /** Registration: the member it was issued to. */
  memberId?: number;
}

declare module 'fastify' {
  interface Session {
    /** The challenge this browser was last given; what it may be used for is in the store. */
    passkeyChallenge?: string;
  }
}

const challengeKey = (challenge: string) => `passkey-challenge:${challenge}`;

/**
 * WebAuthn challenges: one at a time per browser (its server-side session names it), for one
 * kind of ceremony, for PASSKEY_CHALLENGE_SECONDS, used up by the first answer, right or wrong.
 * The session alone cannot use it up: parallel requests each load their own copy of the session,
 * so five answers sent at once would all find the challenge there. The store's take() hands the
 * challenge to exactly one of them, on one instance or many (Redis). An assertion made for one
 * browser's challenge is worthless in another's.
 */
export function passkeyChallenges(store: KeyValueStore) {
  return {
    async issue(request: FastifyRequest, kind: CeremonyKind, challenge: string, now: number, memberId?: number): Promise<void> {
      const previous = request.session.passkeyChallenge;
      if (previous) await store.delete(challengeKey(previous));
      const pending: PendingChallenge = {
        kind,
        expiresAt: now + PASSKEY_CHALLENGE_SECONDS * 1000,
        ...(memberId === undefined ? {} : { memberId }),
      };
      await store.set(challengeKey(challenge), JSON.stringify(pending), PASSKEY_CHALLENGE_SECONDS);
      request.session.passkeyChallenge = challenge;
    },

    /** This browser's challenge of `kind`, consumed; undefined when there is none, another request took it, it expired, or it was issued to another member. */
    async take(request: FastifyRequest, kind: CeremonyKind, now: number, memberId?: number): Promise<string | undefined> {
      const challenge = request.session.passkeyChallenge;
      if (!challenge) return undefined;
      // Spent, not deleted: the store keeps an anonymous session only while it holds some state.
      request.session.passkeyChallenge = '';
      const stored = await store.take(challengeKey(challenge));
      if (stored === undefined) return undefined;
      const pending = JSON.parse(stored) as PendingChallenge;
      if (pending.kind !== kind || pending.expiresAt <= now || pending.memberId !== memberId) return undefined;
      return challenge;
    },
  };
}
