import type { companySitesPortal } from '../../../shared/contract/portal/company-sites.ts';
import { routePath } from '../../../shared/contract/route-path.ts';
import type { ConnectedSites, ConsentRequest, SiteItem } from '../../../shared/schemas/company-sites.ts';
import { portalRequest } from '../../api/portal-request.ts';

export type { ConnectedSites, ConsentRequest, SiteItem };

type Routes = typeof companySitesPortal;

/** swr keys are API paths. */
export const CONNECTED_SITES_PATH: Routes['connectedSites']['url'] = '/api/Member/ConnectedSites';
export const consentPath = (uid: string) => routePath('/api/Member/SiteConsent/:uid' satisfies Routes['consent']['url'], { uid });

/** The member's answer to a company site's question; where the browser goes on. */
export const answerConsent = (uid: string, allow: boolean) =>
  portalRequest<Routes['answerConsent']>('POST', '/api/Member/SiteConsent/:uid', { params: { uid }, body: { allow } });

export const removeConnectedSite = (id: string) =>
  portalRequest<Routes['removeConnectedSite']>('DELETE', '/api/Member/ConnectedSites/:id', { params: { id } });
