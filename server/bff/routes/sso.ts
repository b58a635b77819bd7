import { ticketsContract } from '../../../shared/contract/tickets.ts';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { signInPortal } from '../../../shared/contract/portal/sign-in.ts';
import { fail } from '../../../shared/schemas/reply.ts';
import type { SsoSite } from '../config.ts';
import { forbidden } from '../errors.ts';
import { ALLOWED_DURING_PASSWORD_CHANGE } from '../plugins/session.ts';
import type { RouteDeps } from '../deps.ts';
import { relay } from './member-call.ts';
import { portalApi, served } from './portal-api.ts';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * The company site whose key (one of SSO_SITE_KEYS) came as a Bearer token, compared in
 * constant time with every key; undefined for a missing or unknown key.
 */
function siteOf(request: FastifyRequest, sites: readonly SsoSite[]): SsoSite | undefined {
  const match = /^Bearer\s+(\S+)$/.exec(request.headers.authorization ?? '');
  if (!match?.[1]) return undefined;
  const given = digest(match[1]);
  const matches = sites.map((site) => timingSafeEqual(given, digest(site.key)));
  return sites[matches.indexOf(true)];
}

/** Single sign-on hand-off between the portal and the company sites it signs members in for. */
export default async function ssoRoutes(app: FastifyInstance, deps: RouteDeps) {
  const { upstream, config, signIn } = deps;
  const api = portalApi(app);
  const { checkGoToProfile, refererLogin } = signInPortal;

  // Called by a company site's server, not by a browser: it redeems the one-time ticket it got
  // as `tempid` on the redirect, learns who signed in and receives a ticket for sending the
  // member back (referer). No session cookie is involved.
  api.post(checkGoToProfile.url, served(checkGoToProfile), async (request, reply) => {
    const site = siteOf(request, config.ssoSites);
    if (!site) throw forbidden();
    const { memberId, userId, tempId } = request.body;
    // A key bound to one site redeems only the tickets sent there; the ticket stays good for that site.
    if (site.site !== undefined && !(await deps.ticketSites.wentTo(tempId, site.site))) return fail('TempIdInValid');
    const result = await upstream.call(ticketsContract.checkGoToProfile, { body: { memberId, userId, tempId } });
    return relay(reply, result);
  });

  // The referer screen: a member sent back by a company site with `id` and a referer ticket
  // signs in here. A refused ticket ends whatever session the browser had.
  api.post(refererLogin.url, served(refererLogin, ALLOWED_DURING_PASSWORD_CHANGE), async (request, reply) =>
    signIn.signIn(request, reply, {
      way: 'ticket',
      check: (signedInFrom) =>
        upstream.call(ticketsContract.refererLogin, { body: { id: request.body.id, tempId: request.body.tempId, signedInFrom } }),
    }),
  );
}
