import type { CountryRecord } from '../../../shared/schemas/info.ts';

/** The record of a country by the English name a member record stores. */
export function findCountry(countries: readonly CountryRecord[] | undefined, name: string | undefined): CountryRecord | undefined {
  if (!countries || !name) return undefined;
  return countries.find((country) => country.name === name);
}
