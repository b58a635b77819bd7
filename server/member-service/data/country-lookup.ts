import type { CountryRecord } from '../../../shared/schemas/info.ts';
import { onFirstUse } from '../../common/on-first-use.ts';

/**
 * The country table (`countries.ts`), loaded by the first request that needs it rather than at
 * every start: its libraries (country-state-city, i18n-iso-countries, countries-list) and the
 * building of its lists cost about 250 ms of a process's start. The request handlers use it only
 * through these functions.
 */
type CountryTable = typeof import('./countries.ts');

const countryTable = onFirstUse(() => import('./countries.ts'));

export async function countryList(simplifiedChinese: boolean): Promise<CountryRecord[]> {
  return (await countryTable()).countryList(simplifiedChinese);
}

export async function findCountry(name: string | undefined | null): Promise<ReturnType<CountryTable['findCountry']>> {
  return (await countryTable()).findCountry(name);
}

export async function regionOf(countryName: string | undefined | null): Promise<string | undefined> {
  return (await countryTable()).regionOf(countryName);
}
