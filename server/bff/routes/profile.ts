import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Static } from '@sinclair/typebox';
import { ProfileUpdateSchema, type Member } from '../../../shared/schemas/member.ts';
import { requestLanguage } from '../request-language.ts';
import type { RouteDeps } from './deps.ts';
import { callAsMember, relay } from './member-call.ts';

export default async function profileRoutes(app: FastifyInstance, deps: RouteDeps) {
  const { upstream } = deps;

  async function getProfile(request: FastifyRequest, reply: FastifyReply) {
    return relay(reply, await callAsMember<Member>(upstream, request, reply, { method: 'GET', path: '/api/member' }));
  }
  // The spec's client uses both spellings.
  app.get('/api/Member', getProfile);
  app.get('/api/member', getProfile);

  app.put<{ Body: Static<typeof ProfileUpdateSchema> }>(
    '/api/member',
    { schema: { body: ProfileUpdateSchema } },
    async (request, reply) => {
      const result = await callAsMember<Member>(upstream, request, reply, {
        method: 'PUT',
        path: '/api/member',
        body: request.body,
        language: requestLanguage(request),
      });
      return relay(reply, result);
    },
  );
}
