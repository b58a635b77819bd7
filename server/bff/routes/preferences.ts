import { preferencesContract } from '../../../shared/contract/preferences.ts';
import type { FieldCode } from '../../../shared/codes.ts';
import type { FastifyInstance } from 'fastify';
import { preferencesPortal } from '../../../shared/contract/portal/preferences.ts';
import { ok } from '../../../shared/schemas/reply.ts';
import { validatePreferences } from '../../../shared/rules/profile.ts';
import { safeRedirectUrl } from '../callback-url.ts';
import { formValidateFail, notSignedIn } from '../errors.ts';
import { signedInMember } from '../plugins/session.ts';
import { requestLanguage } from '../request-language.ts';
import type { RouteDeps } from '../deps.ts';
import { callAsMember, relay } from './member-call.ts';
import { portalApi, served } from './portal-api.ts';

/**
 * Choosing-preferring's Submit and Skip: the choices go to the member service (Skip saves
 * nothing); either way the reply tells the browser where to continue (an allowed return URL,
 * else My Account), never anywhere else.
 */
export default async function preferencesRoutes(app: FastifyInstance, deps: RouteDeps) {
  const { upstream, callbackPolicy } = deps;

  portalApi(app).patch(preferencesPortal.update.url, served(preferencesPortal.update), async (request, reply) => {
    const { returnUrl, skip, businessApplicationAreas = [], inProducts = [] } = request.body;
    const next = () => ok({ returnUrl: safeRedirectUrl(returnUrl, callbackPolicy, requestLanguage(request)) });
    if (!signedInMember(request)) throw notSignedIn();
    if (skip === true) return next();
    const errors = Object.entries(validatePreferences({ businessApplicationAreas, inProducts }))
      .filter((entry): entry is [string, FieldCode] => entry[1] !== undefined)
      .map(([field, code]) => ({ field, code }));
    if (errors.length > 0) throw formValidateFail(errors);
    const result = await callAsMember(upstream, request, reply, preferencesContract.update, {
      body: { businessApplicationAreas, inProducts },
    });
    return result.body.isSuccess ? next() : relay(reply, result);
  });
}
