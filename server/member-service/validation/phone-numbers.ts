import { getCountryCodeForRegionCode, getRegionCodeForCountryCode, parsePhoneNumber } from 'awesome-phonenumber';
import { digitsOnly } from '../../../shared/rules/phone.ts';

/**
 * The numbering region of a calling code ('+1', '44'): the member's own country when it uses
 * that code (so +1 in Canada is checked as Canadian), else the code's main region.
 */
function regionForCallingCode(callingCode: string, countryIsoCode: string | undefined): string | undefined {
  const code = Number(digitsOnly(callingCode));
  if (!Number.isInteger(code) || code <= 0) return undefined;
  if (countryIsoCode && getCountryCodeForRegionCode(countryIsoCode) === code) return countryIsoCode;
  const region = getRegionCodeForCountryCode(code);
  return region === 'ZZ' ? undefined : region;
}

/** A fixed-line number (area code and number, national form) that exists in the numbering plan. */
export function isValidPhoneNumber(callingCode: string, areaCode: string, number: string, countryIsoCode?: string): boolean {
  const regionCode = regionForCallingCode(callingCode, countryIsoCode);
  if (!regionCode) return false;
  return parsePhoneNumber(`${areaCode}${number}`, { regionCode }).valid;
}

/** A mobile number of the calling code's region. */
export function isValidMobileNumber(callingCode: string, number: string, countryIsoCode?: string): boolean {
  const regionCode = regionForCallingCode(callingCode, countryIsoCode);
  if (!regionCode) return false;
  const parsed = parsePhoneNumber(number, { regionCode });
  return parsed.valid && parsed.typeIsMobile;
}
