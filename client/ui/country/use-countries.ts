import { useDeferredValue, useMemo } from 'react';
import type { Language } from '../../../shared/languages.ts';
import { useCountryRecords } from '../../api/info.ts';
import { localiseCountries } from './localised-countries.ts';

/**
 * Country list, labelled and sorted in the page's language (localiseCountries); the request
 * asks for Simplified Chinese labels only for zh-cn, as spec section 7 has it. Naming, sorting
 * and drawing hundreds of countries happen in a deferred render the browser can interrupt, not
 * in the one their arrival sets off.
 */
export function useCountries(lang: Language) {
  const arrived = useDeferredValue(useCountryRecords(lang));
  return useMemo(() => arrived && localiseCountries(arrived, lang), [arrived, lang]);
}
