import type { registerPortal } from '../../shared/contract/portal/register.ts';
import type { Language } from '../../shared/languages.ts';
import { portalRequest, type PortalBody } from './portal-request.ts';

type Reactivate = (typeof registerPortal)['reactivate'];

/** A captcha answer, or the proof of the registration this browser just made (then no captcha is needed). */
export type ResendProof = Pick<PortalBody<Reactivate>, 'captchaVerify' | 'registrationProof'>;

export const REACTIVATE_PATH: Reactivate['url'] = '/api/Member/Reactivate';

/**
 * Sends the verification mail again. `userId` is the e-mail address or the opaque id from an
 * activation link; the reply is the same whether or not the address is registered.
 */
export function reactivate(userId: string, lang: Language, proof: ResendProof = {}) {
  return portalRequest<Reactivate>('POST', REACTIVATE_PATH, { body: { userId, checkResend: true, lang, ...proof } });
}
