import type { ConfirmPhoneProofRequest, PhoneProofSent } from '../../../shared/schemas/phone-proof.ts';
import { request } from '../../api/http.ts';

export const PHONE_PROOF_SEND_PATH = '/api/Member/SendPhoneProofCode';

/** Sends a code by text message to the mobile number on the profile. */
export function sendPhoneProofCode(lang: string) {
  return request<PhoneProofSent>(PHONE_PROOF_SEND_PATH, { method: 'POST', body: { lang } });
}

/** The code that came back: the number is proven once it matches. */
export function confirmPhoneProof(code: string) {
  return request<{ mobileVerified: boolean }>('/api/Member/ConfirmPhoneProof', {
    method: 'POST',
    body: { code } satisfies ConfirmPhoneProofRequest,
  });
}
