import type { registerPortal } from '../../../shared/contract/portal/register.ts';
import { portalRequest, type PortalBody } from '../../api/portal-request.ts';

type Routes = typeof registerPortal;

export function register(payload: PortalBody<Routes['register']>) {
  return portalRequest<Routes['register']>('POST', '/api/Member/Register', { body: payload });
}

/** The verification mail's link: proves the mailbox and activates the member. */
export function activate(body: PortalBody<Routes['activate']>) {
  return portalRequest<Routes['activate']>('POST', '/api/Member/Activate', { body });
}

export const IS_EXIST_PATH: Routes['isExist']['url'] = '/api/Member/IsExist';

export function isExist(email: string) {
  return portalRequest<Routes['isExist']>('POST', IS_EXIST_PATH, { body: { email } });
}
