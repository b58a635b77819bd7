import { createHash, createHmac, randomInt } from 'node:crypto';
import { OTP_LENGTH } from '../../../shared/limits.ts';

/** Wrong tries after which a code stops working. */
export const OTP_MAX_ATTEMPTS = 5;
/** What a code is for; a code of one flow never works for another. */
export const LOGIN_FLOW = 'login';
/** Proving a mobile number (phone/phone-proof.ts). */
export const PHONE_PROOF_FLOW = 'phone-proof';

/** A proof code is hashed with the number it went to: it proves that number, not one entered since. */
export const phoneProofScope = (number: string) => `${PHONE_PROOF_FLOW}:${number}`;

/** A code of OTP_LENGTH digits from the operating system's CSPRNG. */
export function newOtpCode(): string {
  return String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
}

/**
 * Codes are stored as keyed hashes bound to member and flow: six digits alone would fall to a
 * brute force of a leaked table, the key does not leave the service's configuration.
 */
export function otpCodeHasher(secret: string): (memberId: number, flow: string, code: string) => string {
  const key = createHash('sha256').update(`one-time-codes:${secret}`).digest();
  return (memberId, flow, code) => createHmac('sha256', key).update(`${memberId}:${flow}:${code.trim()}`).digest('hex');
}
