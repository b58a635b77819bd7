import type { CountryRecord } from '../../../shared/schemas/info.ts';
import { switchPhoneMode } from './phone-mode.ts';
import { resetPrivacyAnswers } from './privacy-answers.ts';
import type { RegisterFormValues } from './register-values.ts';

/**
 * What changes when the member picks another country: the state list is the new country's,
 * the country code follows its phone code, China switches to mobile (dropping the fixed-line
 * fields) and the privacy answers start over because the questions differ per country.
 */
export function countryChangePatch(values: RegisterFormValues, country: CountryRecord | undefined): Partial<RegisterFormValues> {
  const name = country?.name ?? '';
  const withNewCountry = { ...values, country: name, telCountryCode: '', mobileCountryCode: '' };
  return {
    country: name,
    state: '',
    ...switchPhoneMode(withNewCountry, values.phoneMode, country?.phoneCode ?? ''),
    ...resetPrivacyAnswers(),
  };
}
