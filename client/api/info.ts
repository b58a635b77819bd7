import { useDeferredValue, useMemo } from 'react';
import useSWR from 'swr';
import { OptionCategory } from '../../shared/enums.ts';
import { LANGUAGE_CODES, type Language } from '../../shared/languages.ts';
import type { CountryRecord, OptionRecord } from '../../shared/schemas/info.ts';
import { localiseCountries } from '../ui/country/localised-countries.ts';
import { fetchData } from './http.ts';

/** Failures to load reference data are only logged (spec section 8); the form stays usable. */
function logFailure(error: unknown): void {
  console.error(error);
}

/**
 * Country list, labelled and sorted in the page's language (localiseCountries); the request
 * asks for Simplified Chinese labels only for zh-cn, as spec section 7 has it. Naming, sorting
 * and drawing hundreds of countries happen in a deferred render the browser can interrupt, not
 * in the one their arrival sets off.
 */
export function useCountries(lang: Language) {
  const key = `/api/info/V2/Countries/${lang === 'zh-cn'}`;
  const { data } = useSWR<CountryRecord[]>(key, fetchData, { onError: logFailure });
  const arrived = useDeferredValue(data);
  return useMemo(() => arrived && localiseCountries(arrived, lang), [arrived, lang]);
}

function useOptions(category: OptionCategory, lang: Language) {
  const key = `/api/info/option/${category}/${LANGUAGE_CODES[lang]}`;
  const { data } = useSWR<OptionRecord[]>(key, fetchData, { onError: logFailure });
  return data;
}

export const useBusinessApplicationAreas = (lang: Language) => useOptions(OptionCategory.BusinessApplicationAreas, lang);
export const useProductsOfInterest = (lang: Language) => useOptions(OptionCategory.ProductsOfInterest, lang);
