import type { FastifyInstance } from 'fastify';
import type { Member } from '../../../shared/schemas/member.ts';
import { PreferencesUpdateSchema, type PreferencesUpdate } from '../../../shared/schemas/preferences.ts';
import { ok } from '../../../shared/schemas/reply.ts';
import { safeRedirectUrl } from '../callback-url.ts';
import { requestLanguage } from '../request-language.ts';
import type { RouteDeps } from './deps.ts';
import { callAsMember, relay } from './member-call.ts';

/**
 * Choosing-preferring's Submit: the choices go to the member service; the reply tells the
 * browser where to continue (an allowed return URL, else My Account), never anywhere else.
 */
export default async function preferencesRoutes(app: FastifyInstance, deps: RouteDeps) {
  const { upstream, callbackPolicy } = deps;

  app.patch<{ Body: PreferencesUpdate }>('/api/member', { schema: { body: PreferencesUpdateSchema } }, async (request, reply) => {
    const { returnUrl, ...choices } = request.body;
    const result = await callAsMember<Member>(upstream, request, reply, { method: 'PATCH', path: '/api/member', body: choices });
    if (!result.body.isSuccess) return relay(reply, result);
    return ok({ returnUrl: safeRedirectUrl(returnUrl, callbackPolicy, requestLanguage(request)) });
  });
}
