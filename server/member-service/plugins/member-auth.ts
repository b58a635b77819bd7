import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Clock } from '../../common/clock.ts';
import { fail } from '../../../shared/schemas/reply.ts';
import { hashToken } from '../security/tokens.ts';
import type { MemberRow } from '../store/schema.ts';
import type { MemberStore } from '../store/store.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in member, set by the `requireMember` pre-handler. */
    member: MemberRow | null;
    /** Hash of the bearer token that identified the member (for sign-out). */
    memberTokenHash: string | null;
  }
  interface FastifyInstance {
    requireMember: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

const BEARER = /^Bearer\s+([A-Za-z0-9_-]{16,200})$/;

/** Member calls carry `Authorization: Bearer <token>`; anything but a live token is 401. */
export const memberAuthPlugin = fp<{ store: MemberStore; clock: Clock }>(
  async (app, { store, clock }) => {
    app.decorateRequest('member', null);
    app.decorateRequest('memberTokenHash', null);
    app.decorate('requireMember', async (request: FastifyRequest, reply: FastifyReply) => {
      const match = BEARER.exec(request.headers.authorization ?? '');
      const tokenHash = match?.[1] ? hashToken(match[1]) : undefined;
      const member = tokenHash ? await store.sessions.findMember(tokenHash, clock.now()) : undefined;
      if (!member || !tokenHash) {
        await reply.code(401).send(fail('Unauthorized'));
        return;
      }
      request.member = member;
      request.memberTokenHash = tokenHash;
    });
  },
  { name: 'member-auth' },
);
