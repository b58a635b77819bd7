import type { signInPortal } from '../../shared/contract/portal/sign-in.ts';
import { callOffPasskeyOffer } from './passkeys.ts';
import { portalRequest, type PortalBody } from './portal-request.ts';

type Routes = typeof signInPortal;

export function login(body: PortalBody<Routes['login']>) {
  callOffPasskeyOffer();
  return portalRequest<Routes['login']>('POST', '/api/Member/Login', { body });
}

export function logout(query: { callbackUrl?: string; pass?: string }) {
  // Empty values are left out of the address, as the spec's links have them.
  return portalRequest<Routes['logout']>('GET', '/api/Member/Logout', {
    query: { callbackUrl: query.callbackUrl || undefined, pass: query.pass || undefined },
  });
}

/** Asks for a one-time sign-in code; data.remainingSeconds is where the resend countdown starts. */
const SEND_OTP_CODE_PATH: Routes['sendOtpCode']['url'] = '/api/Member/SendOtpCode';

export function sendOtpCode(body: PortalBody<Routes['sendOtpCode']>) {
  return portalRequest<Routes['sendOtpCode']>('POST', SEND_OTP_CODE_PATH, { body });
}

export function otpVerify(body: PortalBody<Routes['otpVerify']>) {
  callOffPasskeyOffer();
  return portalRequest<Routes['otpVerify']>('POST', '/api/Member/otpVerify', { body });
}

/** The referer screen: signs in with the ticket a company site handed on. */
export function refererLogin(body: PortalBody<Routes['refererLogin']>) {
  return portalRequest<Routes['refererLogin']>('POST', '/api/Member/RefererLogin', { body });
}
