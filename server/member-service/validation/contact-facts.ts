import { OptionCategory } from '../../../shared/enums.ts';
import type { ContactValues } from '../../../shared/rules/contact.ts';
import { isChina } from '../../../shared/rules/countries.ts';
import type { FieldErrors } from '../../../shared/rules/types.ts';
import { findCountry } from '../data/country-lookup.ts';
import { isOptionValue } from '../data/options.ts';
import { isValidMobileNumber, isValidPhoneNumber } from './phone-numbers.ts';

/**
 * What only the server can check once the shared form rules pass: the country and state are
 * ones it knows, and phone numbers exist in the numbering plan of their calling code.
 * Fields that already have an error are left alone.
 */
export async function checkContactFacts(values: ContactValues, errors: FieldErrors): Promise<FieldErrors> {
  const facts: FieldErrors = {};
  const country = await findCountry(values.country);
  if (!errors.country && !country) facts.country = 'Form_NotExist';
  if (!errors.state && country && country.states.length > 0 && !country.states.includes((values.state ?? '').trim())) {
    facts.state = 'Form_NotExist';
  }
  const phoneFieldsOk = !errors.telNo && !errors.telAreacode && !errors.telCountryCode;
  if (phoneFieldsOk && !isChina(values.country) && (values.telNo ?? '') !== '') {
    if (!isValidPhoneNumber(values.telCountryCode ?? '', values.telAreacode ?? '', values.telNo ?? '', country?.code)) {
      facts.telNo = 'Form_PhoneNumber_Invalid';
    }
  }
  if (!errors.mobile && !errors.mobileCountryCode && (values.mobile ?? '') !== '') {
    if (!isValidMobileNumber(values.mobileCountryCode ?? '', values.mobile ?? '', country?.code))
      facts.mobile = 'Form_MobileNumber_Invalid';
  }
  return facts;
}

/** Every chosen option must be one of the category's values. */
export function checkOptionValues(values: { businessApplicationAreas?: readonly string[]; inProducts?: readonly string[] }): FieldErrors {
  const unknown = (category: OptionCategory, list?: readonly string[]) => (list ?? []).some((v) => !isOptionValue(category, v));
  return {
    businessApplicationAreas: unknown(OptionCategory.BusinessApplicationAreas, values.businessApplicationAreas)
      ? 'Form_NotExist'
      : undefined,
    inProducts: unknown(OptionCategory.ProductsOfInterest, values.inProducts) ? 'Form_NotExist' : undefined,
  };
}

/** Members in China have no fixed-line phone (spec section 4): those fields are kept empty. */
export function withoutChinaPhone<T extends ContactValues>(values: T): T {
  return isChina(values.country) ? { ...values, telCountryCode: '', telAreacode: '', telNo: '', telExt: '' } : values;
}
