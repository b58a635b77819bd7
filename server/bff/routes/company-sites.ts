import type { FastifyInstance, FastifyRequest } from 'fastify';
import { companySitesPortal } from '../../../shared/contract/portal/company-sites.ts';
import { ok } from '../../../shared/schemas/reply.ts';
import { notSignedIn, ReplyError } from '../errors.ts';
import type { MemberSites, SiteMember } from '../oidc/member-sites.ts';
import { signedInMember } from '../plugins/session.ts';
import { portalApi, served } from './portal-api.ts';

export interface CompanySiteRoutesOptions {
  /** Undefined where no site is configured (OIDC_CLIENTS unset): nothing to answer or list. */
  sites?: MemberSites;
}

/**
 * The consent screen's and Connected sites' calls: the signed-in member answers a company
 * site's question in this browser, lists the sites holding a grant and takes one back, for
 * their own account only. What they do is in oidc/member-sites.ts.
 */
export default async function companySiteRoutes(app: FastifyInstance, { sites }: CompanySiteRoutesOptions) {
  const api = portalApi(app);
  const { consent, answerConsent, connectedSites, removeConnectedSite } = companySitesPortal;

  const memberOf = (request: FastifyRequest): SiteMember => {
    const member = signedInMember(request);
    if (!member) throw notSignedIn();
    return { memberId: member.memberId, portalSessionId: request.session.sessionId };
  };
  // Another browser's, another member's, an answered or a made-up question: all alike unknown.
  const notFound = () => new ReplyError(404, 'NotFound');

  api.get(consent.url, served(consent), async (request) => {
    const member = memberOf(request);
    const question = await sites?.consentRequest(request.params.uid, member);
    if (!question) throw notFound();
    return ok(question);
  });

  api.post(answerConsent.url, served(answerConsent), async (request) => {
    const member = memberOf(request);
    const continueTo = await sites?.answer(request.params.uid, member, request.body.allow === true);
    if (!continueTo) throw notFound();
    return ok({ continueTo });
  });

  api.get(connectedSites.url, served(connectedSites), async (request) => {
    const { memberId } = memberOf(request);
    return ok({ enabled: sites !== undefined, sites: sites ? await sites.list(memberId) : [] });
  });

  api.delete(removeConnectedSite.url, served(removeConnectedSite), async (request) => {
    const { memberId } = memberOf(request);
    if (!(await sites?.remove(memberId, request.params.id))) throw notFound();
    return ok();
  });
}
