import type { ConnectedSites, ConsentRequest, SiteItem } from '../../../shared/schemas/company-sites.ts';
import { request } from '../../api/http.ts';

export type { ConnectedSites, ConsentRequest, SiteItem };

/** swr keys are API paths. */
export const CONNECTED_SITES_PATH = '/api/Member/ConnectedSites';
export const consentPath = (uid: string) => `/api/Member/SiteConsent/${encodeURIComponent(uid)}`;

/** The member's answer to a company site's question; where the browser goes on. */
export const answerConsent = (uid: string, allow: boolean) =>
  request<{ continueTo: string }>(consentPath(uid), { method: 'POST', body: { allow } });

export const removeConnectedSite = (id: string) => request(`${CONNECTED_SITES_PATH}/${encodeURIComponent(id)}`, { method: 'DELETE' });
