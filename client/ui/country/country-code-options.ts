import type { CountryRecord } from '../../../shared/schemas/info.ts';

export interface CountryCodeOption {
  value: string;
  label: string;
}

const bare = (phoneCode: string) => phoneCode.trim().replace(/^\+/, '');

/**
 * Country-code choices: one per phone code (the stored value is the code itself), labelled with
 * a country name, a plus sign and the code. Where countries share a code (+1, +7, ...) the chosen
 * country names the entry, so the selector reads as the member expects; otherwise the code's
 * main country does (United States +1, not American Samoa +1). The choices keep the order of
 * `countries`, which localiseCountries sorted for the page's language.
 */
export function countryCodeOptions(countries: readonly CountryRecord[], chosenCountry?: string): CountryCodeOption[] {
  const byCode = new Map<string, CountryRecord>();
  const chosen = countries.find((country) => country.name === chosenCountry);
  const owners = countries.filter((country) => country.ownsPhoneCode);
  for (const country of [...(chosen ? [chosen] : []), ...owners, ...countries]) {
    if (bare(country.phoneCode) === '' || byCode.has(country.phoneCode)) continue;
    byCode.set(country.phoneCode, country);
  }
  const position = new Map(countries.map((country, index) => [country, index]));
  return [...byCode]
    .sort(([, a], [, b]) => position.get(a)! - position.get(b)!)
    .map(([phoneCode, country]) => ({ value: phoneCode, label: `${country.label} +${bare(phoneCode)}` }));
}
