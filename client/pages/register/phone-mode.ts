import { isChina } from '../../../shared/rules/countries.ts';
import type { PhoneMode, RegisterFormValues } from './register-values.ts';

const PHONE_FIELDS = ['telCountryCode', 'telAreacode', 'telNo', 'telExt'] as const;
const MOBILE_FIELDS = ['mobileCountryCode', 'mobile'] as const;

type PhoneField = (typeof PHONE_FIELDS)[number] | (typeof MOBILE_FIELDS)[number];
export type PhonePatch = Partial<Pick<RegisterFormValues, PhoneField | 'phoneMode'>>;

/** China has no fixed-line choice: its members give a mobile number. */
export function effectivePhoneMode(country: string | undefined, mode: PhoneMode): PhoneMode {
  return isChina(country) ? 'mobile' : mode;
}

/**
 * Switching between phone and mobile clears the other mode's fields, so a number the member
 * abandoned is never sent; the chosen mode's country code is filled from the country when empty.
 */
export function switchPhoneMode(values: RegisterFormValues, mode: PhoneMode, phoneCode = ''): PhonePatch {
  const next = effectivePhoneMode(values.country, mode);
  const patch: PhonePatch = { phoneMode: next };
  const cleared = next === 'phone' ? MOBILE_FIELDS : PHONE_FIELDS;
  for (const field of cleared) patch[field] = '';
  const codeField = next === 'phone' ? 'telCountryCode' : 'mobileCountryCode';
  if (!values[codeField]) patch[codeField] = phoneCode;
  return patch;
}
