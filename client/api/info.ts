import useSWR from 'swr';
import { OptionCategory } from '../../shared/enums.ts';
import { LANGUAGE_CODES, type Language } from '../../shared/languages.ts';
import type { CountryRecord, OptionRecord } from '../../shared/schemas/info.ts';
import { fetchData } from './http.ts';

/** Failures to load reference data are only logged (spec section 8); the form stays usable. */
function logFailure(error: unknown): void {
  console.error(error);
}

/** The country list as the portal sends it; labelling and sorting are the form's (ui/country/use-countries.ts). */
export function useCountryRecords(lang: Language) {
  const { data } = useSWR<CountryRecord[]>(`/api/info/V2/Countries/${lang === 'zh-cn'}`, fetchData, { onError: logFailure });
  return data;
}

function useOptions(category: OptionCategory, lang: Language) {
  const key = `/api/info/option/${category}/${LANGUAGE_CODES[lang]}`;
  const { data } = useSWR<OptionRecord[]>(key, fetchData, { onError: logFailure });
  return data;
}

export const useBusinessApplicationAreas = (lang: Language) => useOptions(OptionCategory.BusinessApplicationAreas, lang);
export const useProductsOfInterest = (lang: Language) => useOptions(OptionCategory.ProductsOfInterest, lang);
