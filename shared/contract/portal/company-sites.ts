import { Type } from '@sinclair/typebox';
import { replySchemas } from '../../schemas/reply.ts';
import {
  ConnectedSiteParamsSchema,
  ConnectedSitesSchema,
  ConsentAnswerSchema,
  ConsentParamsSchema,
  ConsentRequestSchema,
  ConsentResultSchema,
} from '../../schemas/company-sites.ts';
import { portalRoute } from '../route.ts';

/** Company sites that sign the member in by OpenID Connect: the consent screen and Connected sites. */
export const companySitesPortal = {
  consent: portalRoute(
    'GET',
    '/api/Member/SiteConsent/:uid',
    { params: ConsentParamsSchema, response: replySchemas(ConsentRequestSchema) },
    { member: true, also: [404] },
  ),
  answerConsent: portalRoute(
    'POST',
    '/api/Member/SiteConsent/:uid',
    { params: ConsentParamsSchema, body: ConsentAnswerSchema, response: replySchemas(ConsentResultSchema) },
    { member: true, also: [404] },
  ),
  connectedSites: portalRoute('GET', '/api/Member/ConnectedSites', { response: replySchemas(ConnectedSitesSchema) }, { member: true }),
  removeConnectedSite: portalRoute(
    'DELETE',
    '/api/Member/ConnectedSites/:id',
    { params: ConnectedSiteParamsSchema, response: replySchemas(Type.Object({})) },
    { member: true, also: [404] },
  ),
};
