import type { ConfirmPhoneProofRequest, PhoneProofSent } from '../../../shared/schemas/phone-proof.ts';
import { request } from '../../api/http.ts';

/** Sends a code by text message to the mobile number on the profile. */
export function sendPhoneProofCode(lang: string) {
  return request<PhoneProofSent>('/api/Member/SendPhoneProofCode', { method: 'POST', body: { lang } });
}

/** The code that came back: the number is proven once it matches. */
export function confirmPhoneProof(code: string) {
  return request<{ mobileVerified: boolean }>('/api/Member/ConfirmPhoneProof', {
    method: 'POST',
    body: { code } satisfies ConfirmPhoneProofRequest,
  });
}
