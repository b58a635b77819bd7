import useSWR from 'swr';
import { OptionCategory } from '../../shared/enums.ts';
import { LANGUAGE_CODES, type Language } from '../../shared/languages.ts';
import type { infoPortal } from '../../shared/contract/portal/info.ts';
import type { OptionRecord } from '../../shared/schemas/info.ts';
import { fetchData } from './http.ts';
import type { PortalData } from './portal-request.ts';

type Countries = PortalData<typeof infoPortal.countries>;
// The option tree's schema is recursive, which its static type does not follow: its record type names it.
type Options = OptionRecord[];

/** Failures to load reference data are only logged (spec section 8); the form stays usable. */
function logFailure(error: unknown): void {
  console.error(error);
}

/** The country list as the portal sends it; labelling and sorting are the form's (ui/country/use-countries.ts). */
export function useCountryRecords(lang: Language) {
  const { data } = useSWR<Countries>(`/api/info/V2/Countries/${lang === 'zh-cn'}`, fetchData, { onError: logFailure });
  return data;
}

function useOptions(category: OptionCategory, lang: Language) {
  const key = `/api/info/option/${category}/${LANGUAGE_CODES[lang]}`;
  const { data } = useSWR<Options>(key, fetchData, { onError: logFailure });
  return data;
}

export const useBusinessApplicationAreas = (lang: Language) => useOptions(OptionCategory.BusinessApplicationAreas, lang);
export const useProductsOfInterest = (lang: Language) => useOptions(OptionCategory.ProductsOfInterest, lang);
