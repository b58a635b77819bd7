import type { FieldCode } from '../codes.ts';
import {
  ADDRESS_MAX_LENGTH,
  CHINA_MOBILE_DIGITS,
  COMPANY_MAX_LENGTH,
  COUNTRY_MAX_LENGTH,
  FIRST_NAME_MAX_LENGTH,
  LAST_NAME_MAX_LENGTH,
  PHONE_FIELD_MAX_LENGTH,
  STATE_MAX_LENGTH,
  VAT_EUROPE_MAX_LENGTH,
} from '../limits.ts';
import { isChina, needsVatAndAddress, requiresState } from './countries.ts';
import { isCallingCode, isDigits } from './phone.ts';
import { freeTextError, hasVisibleText } from './text.ts';
import { isBlank, tooLong, type FieldErrors } from './types.ts';

/** The member fields that registration and My Profile share (spec section 5). */
export interface ContactValues {
  firstName?: string;
  lastName?: string;
  companyName?: string;
  country?: string;
  state?: string;
  telCountryCode?: string;
  telAreacode?: string;
  telNo?: string;
  telExt?: string;
  mobileCountryCode?: string;
  mobile?: string;
  VATNumber?: string;
  Address?: string;
}

export interface ContactContext {
  /** pass=iotmart-ana: company name is optional. */
  isIotmartAna?: boolean;
  /** Region of the chosen country from the country list ('Europe', 'Asia', ...). */
  region?: string;
  /** The member's source or the pass value; 'rma' with a Europe country adds VAT and address. */
  source?: string;
  /**
   * Registration lets the member pick phone or mobile; the unpicked one is not required.
   * My Profile shows both, so neither is picked.
   */
  phoneMode?: 'phone' | 'mobile';
}

/** Free text that may stay empty: within its length and nothing invisible (shared/rules/text.ts). */
function textWithin(value: unknown, max: number, length: FieldCode): FieldCode | undefined {
  if (tooLong(value, max)) return length;
  return freeTextError(value);
}

/** A required field needs a visible character: spaces or a zero-width space alone are empty. */
function requiredWithin(value: unknown, max: number, required: FieldCode, length: FieldCode): FieldCode | undefined {
  if (!hasVisibleText(value)) return required;
  return textWithin(value, max, length);
}

function digitsWithin(value: string, notDigits: FieldCode): FieldCode | undefined {
  if (tooLong(value, PHONE_FIELD_MAX_LENGTH)) return 'LengthErrorPhone';
  if (!isDigits(value)) return notDigits;
  return undefined;
}

/** A country code is a calling code ('49', '+49'), as the country-code selector stores it. */
function callingCodeError(value: string | undefined): FieldCode | undefined {
  if (tooLong(value, PHONE_FIELD_MAX_LENGTH)) return 'LengthErrorPhone';
  if (!isCallingCode(value ?? '')) return 'Form_Format';
  return undefined;
}

function validatePhones(values: ContactValues, context: ContactContext): FieldErrors {
  const errors: FieldErrors = {};
  const china = isChina(values.country);
  const telNo = values.telNo ?? '';
  const mobile = values.mobile ?? '';
  const areaCode = values.telAreacode ?? '';
  const wantsPhone = !china && context.phoneMode !== 'mobile';
  const wantsMobile = china || context.phoneMode !== 'phone';

  if (!china) {
    errors.telNo = digitsWithin(telNo, 'PhoneNumberNotCorrect');
    errors.telAreacode = digitsWithin(areaCode, 'PhoneNumberNotCorrect');
    // The spec only limits the extension's length; an extension is dialled, so it is digits too.
    errors.telExt = digitsWithin(values.telExt ?? '', 'PhoneNumberNotCorrect');
    if (!errors.telNo && wantsPhone && telNo === '' && (mobile === '' || context.phoneMode === 'phone')) {
      errors.telNo = context.phoneMode === 'phone' ? 'PhoneNumberRequired' : 'ChooseNumberFillout';
    }
    if (telNo !== '') {
      if (!errors.telAreacode && areaCode === '') errors.telAreacode = 'PhoneAreaCodeRequired';
      if (isBlank(values.telCountryCode)) errors.telCountryCode = 'CountryCodeRequired';
    }
  }

  errors.mobile = digitsWithin(mobile, 'MobileNumberNotCorrect');
  if (!errors.mobile && wantsMobile && mobile === '' && (telNo === '' || china || context.phoneMode === 'mobile')) {
    errors.mobile = 'MobileNumberRequired';
  }
  if (!errors.mobile && china && mobile !== '' && mobile.length !== CHINA_MOBILE_DIGITS) {
    errors.mobile = 'MobileNumber11digits';
  }
  if (mobile !== '' && isBlank(values.mobileCountryCode)) errors.mobileCountryCode = 'CountryCodeRequired';
  errors.telCountryCode = callingCodeError(values.telCountryCode) ?? errors.telCountryCode;
  errors.mobileCountryCode = callingCodeError(values.mobileCountryCode) ?? errors.mobileCountryCode;
  return errors;
}

export function validateContact(values: ContactValues, context: ContactContext): FieldErrors {
  const errors: FieldErrors = {
    firstName: requiredWithin(values.firstName, FIRST_NAME_MAX_LENGTH, 'FirstNameRequired', 'LengthErrorFirstName'),
    lastName: requiredWithin(values.lastName, LAST_NAME_MAX_LENGTH, 'LastNameRequired', 'LengthErrorLastName'),
    companyName: context.isIotmartAna
      ? textWithin(values.companyName, COMPANY_MAX_LENGTH, 'LengthErrorCompanyName')
      : requiredWithin(values.companyName, COMPANY_MAX_LENGTH, 'CompanyNameRequired', 'LengthErrorCompanyName'),
    country: requiredWithin(values.country, COUNTRY_MAX_LENGTH, 'CountryRegionRequired', 'LengthErrorCountry'),
    state: requiresState(values.country)
      ? requiredWithin(values.state, STATE_MAX_LENGTH, 'StateRequired', 'LengthErrorState')
      : textWithin(values.state, STATE_MAX_LENGTH, 'LengthErrorState'),
    ...validatePhones(values, context),
  };
  if (needsVatAndAddress(context.region, context.source)) {
    errors.VATNumber = requiredWithin(values.VATNumber, VAT_EUROPE_MAX_LENGTH, 'VATNumberRequired', 'LengthErrorVATNumber');
    errors.Address = requiredWithin(values.Address, ADDRESS_MAX_LENGTH, 'AddressRequired', 'LengthErrorAddress');
  } else {
    errors.VATNumber = freeTextError(values.VATNumber);
    errors.Address = freeTextError(values.Address);
  }
  return errors;
}
