import type { Language } from '../../shared/languages.ts';
import type { RegisterRequest } from '../../shared/schemas/register.ts';
import { request } from './http.ts';

/** A captcha answer, or the proof of the registration this browser just made (then no captcha is needed). */
export interface ResendProof {
  captchaVerify?: RegisterRequest['captchaVerify'];
  registrationProof?: string;
}

export const REACTIVATE_PATH = '/api/Member/Reactivate';

/**
 * Sends the verification mail again. `userId` is the e-mail address or the opaque id from an
 * activation link; the reply is the same whether or not the address is registered.
 */
export function reactivate(userId: string, lang: Language, proof: ResendProof = {}) {
  return request(REACTIVATE_PATH, { method: 'POST', body: { userId, checkResend: true, lang, ...proof } });
}
