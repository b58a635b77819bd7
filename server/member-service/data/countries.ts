import { getCountryCodeForRegionCode, getRegionCodeForCountryCode } from 'awesome-phonenumber';
import { continents, countries, type TCountryCode } from 'countries-list';
import { State } from 'country-state-city';
import isoCountries from 'i18n-iso-countries';
import type { CountryRecord } from '../../../shared/schemas/info.ts';
import { requiresState } from '../../../shared/rules/countries.ts';

/** Territories countries-list has but ISO 3166-1 (and so i18n-iso-countries) does not. */
const EXTRA_SIMPLIFIED_CHINESE: Record<string, string> = { AC: '阿森松岛', TA: '特里斯坦-达库尼亚' };

interface CountryEntry {
  code: string;
  name: string;
  simplifiedChinese: string;
  phoneCode: string;
  ownsPhoneCode: boolean;
  region: string;
  states: string[];
}

/**
 * The calling code of the numbering plan the phone checks use ('383' for Kosovo, '1' for
 * Jamaica, whose 876 is an area code); '' where the plan has none (Antarctica, Bouvet Island).
 * countries-list's own codes are wrong for some (Kosovo +377) and mix in area codes.
 */
function callingCode(isoCode: string): string {
  const code = getCountryCodeForRegionCode(isoCode);
  return code > 0 ? String(code) : '';
}

/**
 * The United States Minor Outlying Islands (UM, UM-81 Baker Island, UM-89 Kingman Reef, …) have
 * no residents: nobody registering lives there.
 */
const inhabited = (state: { isoCode: string; countryCode: string }) => !(state.countryCode === 'US' && state.isoCode.startsWith('UM'));

/**
 * Built once from countries-list (English names, continents as regions), awesome-phonenumber
 * (calling codes), i18n-iso-countries (Simplified Chinese names) and country-state-city (states,
 * only for the countries whose members must pick one). `name` is what the member record stores.
 */
const entries: CountryEntry[] = (Object.keys(countries) as TCountryCode[]).map((code) => {
  const country = countries[code];
  const name = country.name;
  return {
    code,
    name,
    simplifiedChinese: isoCountries.getName(code, 'zh') ?? EXTRA_SIMPLIFIED_CHINESE[code] ?? name,
    phoneCode: callingCode(code),
    ownsPhoneCode: callingCode(code) !== '' && getRegionCodeForCountryCode(Number(callingCode(code))) === code,
    region: continents[country.continent],
    states: requiresState(name)
      ? State.getStatesOfCountry(code)
          .filter(inhabited)
          .map((s) => s.name)
      : [],
  };
});

const byName = new Map(entries.map((e) => [e.name.toLowerCase(), e]));

function sortedList(simplifiedChinese: boolean): CountryRecord[] {
  const collator = new Intl.Collator(simplifiedChinese ? 'zh-Hans-CN' : 'en');
  return entries
    .map(({ simplifiedChinese: zh, ...rest }) => ({ ...rest, label: simplifiedChinese ? zh : rest.name }))
    .sort((a, b) => collator.compare(a.label, b.label));
}

const lists = { en: sortedList(false), zh: sortedList(true) };

export function countryList(simplifiedChinese: boolean): CountryRecord[] {
  return simplifiedChinese ? lists.zh : lists.en;
}

/** The country of a stored English name, case-insensitively. */
export function findCountry(name: string | undefined | null): Omit<CountryEntry, 'simplifiedChinese'> | undefined {
  return byName.get((name ?? '').trim().toLowerCase());
}

export function regionOf(countryName: string | undefined | null): string | undefined {
  return findCountry(countryName)?.region;
}
