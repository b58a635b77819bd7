import type { phoneProofPortal } from '../../../shared/contract/portal/phone-proof.ts';
import { portalRequest } from '../../api/portal-request.ts';

type Routes = typeof phoneProofPortal;

export const PHONE_PROOF_SEND_PATH: Routes['send']['url'] = '/api/Member/SendPhoneProofCode';

/** Sends a code by text message to the mobile number on the profile. */
export function sendPhoneProofCode(lang: string) {
  return portalRequest<Routes['send']>('POST', PHONE_PROOF_SEND_PATH, { body: { lang } });
}

export const PHONE_PROOF_CONFIRM_PATH: Routes['confirm']['url'] = '/api/Member/ConfirmPhoneProof';

/** The code that came back: the number is proven once it matches. */
export function confirmPhoneProof(code: string) {
  return portalRequest<Routes['confirm']>('POST', PHONE_PROOF_CONFIRM_PATH, { body: { code } });
}
