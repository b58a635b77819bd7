import type { FieldCode } from '../codes.ts';
import { EMAIL_MAX_LENGTH } from '../limits.ts';
import { isBlank, tooLong } from './types.ts';

/** The WHATWG definition of a valid e-mail address (what `<input type=email>` accepts), with a dotted domain. */
const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

function isEmailFormat(value: string): boolean {
  return EMAIL_PATTERN.test(value);
}

/** E-mail addresses are compared and stored lowercased and trimmed. */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

function emailDomain(email: string): string {
  return normalizeEmail(email).split('@').pop() ?? '';
}

/** True when the address is on one of the company's own domains (or a subdomain of one). */
export function isCompanyDomain(email: string, companyDomains: readonly string[]): boolean {
  const domain = emailDomain(email);
  return companyDomains.some((d) => {
    const own = d.trim().toLowerCase();
    return own !== '' && (domain === own || domain.endsWith(`.${own}`));
  });
}

/** The e-mail field of forgot-password, resend-verification and registration. */
export function validateEmail(value: unknown): FieldCode | undefined {
  if (isBlank(value)) return 'EmailRequired';
  if (tooLong(value, EMAIL_MAX_LENGTH)) return 'LengthErrorEmail';
  if (!isEmailFormat(String(value).trim())) return 'EmailFormat';
  return undefined;
}
