import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { SocialTypeValue, VerifiedIdentity } from './providers.ts';

/** Where a social round trip started; decides what the callback does with the identity. */
export type SocialOrigin = 'login' | 'register' | 'connect';

interface PendingState {
  state: string;
  socialType: SocialTypeValue;
  origin: SocialOrigin;
  redirectUri: string;
  createdAt: number;
  /** connect: the member who started it; the callback must come back to the same member. */
  memberId?: number;
}

interface HeldIdentity extends VerifiedIdentity {
  origin: SocialOrigin;
  verifiedAt: number;
  memberId?: number;
}

declare module 'fastify' {
  interface Session {
    socialStates?: PendingState[];
    /** The last identity verified with a provider, for a social sign-up or a connect. */
    socialIdentity?: HeldIdentity;
  }
}

/** A sign-in at the provider takes a few minutes at most; a state older than this is refused. */
const STATE_VALID_MS = 10 * 60 * 1000;
/** Time to fill in the registration form after a social sign-up. */
const IDENTITY_VALID_MS = 30 * 60 * 1000;
/** A few tabs may start a round trip at once; older pending states are dropped. */
const MAX_PENDING_STATES = 3;

/** Starts a round trip: a fresh random state, bound to this session. */
export function createState(request: FastifyRequest, pending: Omit<PendingState, 'state' | 'createdAt'>, now: number): string {
  const state = randomBytes(32).toString('base64url');
  const kept = (request.session.socialStates ?? []).filter((s) => now - s.createdAt < STATE_VALID_MS);
  request.session.socialStates = [...kept, { ...pending, state, createdAt: now }].slice(-MAX_PENDING_STATES);
  return state;
}

const sameSecret = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Takes the pending state back (once: a replay finds nothing). Undefined when this session
 * never issued it, it expired, it was for another provider or, for connect, another member.
 */
export function consumeState(
  request: FastifyRequest,
  state: string,
  socialType: SocialTypeValue | undefined,
  now: number,
  memberId?: number,
): PendingState | undefined {
  const pending = request.session.socialStates ?? [];
  const found = pending.find((s) => sameSecret(s.state, state));
  if (!found) return undefined;
  request.session.socialStates = pending.filter((s) => s !== found);
  if (now - found.createdAt >= STATE_VALID_MS) return undefined;
  if (socialType !== undefined && found.socialType !== socialType) return undefined;
  if (found.origin === 'connect' && found.memberId !== memberId) return undefined;
  return found;
}

export function holdIdentity(
  request: FastifyRequest,
  identity: VerifiedIdentity,
  origin: SocialOrigin,
  now: number,
  memberId?: number,
): void {
  request.session.socialIdentity = { ...identity, origin, verifiedAt: now, ...(memberId === undefined ? {} : { memberId }) };
}

/** The identity part of what the session holds; a session held before `emailVerified` existed vouches for nothing. */
const heldIdentity = (held: HeldIdentity): VerifiedIdentity => ({
  socialType: held.socialType,
  socialId: held.socialId,
  socialEmail: held.socialEmail,
  emailVerified: held.emailVerified === true,
  socialName: held.socialName,
});

/** The held identity for a social sign-up, when fresh. */
export function signUpIdentity(request: FastifyRequest, now: number): VerifiedIdentity | undefined {
  const held = request.session?.socialIdentity;
  if (!held || held.origin === 'connect' || now - held.verifiedAt >= IDENTITY_VALID_MS) return undefined;
  return heldIdentity(held);
}

/** The held identity verified by this member for a connect of that provider, when fresh. */
export function connectIdentity(request: FastifyRequest, socialType: number, memberId: number, now: number): VerifiedIdentity | undefined {
  const held = request.session?.socialIdentity;
  if (!held || held.origin !== 'connect' || held.memberId !== memberId || held.socialType !== socialType) return undefined;
  if (now - held.verifiedAt >= STATE_VALID_MS) return undefined;
  return heldIdentity(held);
}

export function forgetIdentity(request: FastifyRequest): void {
  if (request.session) request.session.socialIdentity = undefined;
}
