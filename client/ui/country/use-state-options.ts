import { useMemo } from 'react';
import useSWRImmutable from 'swr/immutable';
import { stateChoices } from '../../../shared/geo/state-names.ts';
import type { CountryRecord } from '../../../shared/schemas/info.ts';
import { useLanguage } from '../../session/language-context.ts';
import type { SelectOption } from '../select-field.tsx';
import { loadStateNames } from './state-names.ts';

/**
 * State choices of a country in the page's language: the value stays the canonical name the
 * member record stores, the label is the language's name, sorted as that language sorts. Until
 * the language's names have loaded (or if they fail to), the canonical names are shown.
 */
export function useStateOptions(country: CountryRecord | undefined): SelectOption[] {
  const lang = useLanguage();
  const { data: names } = useSWRImmutable(`state-names/${lang}`, () => loadStateNames(lang), { onError: console.error });
  return useMemo(() => (country ? stateChoices(country.code, country.states, lang, names) : []), [country, lang, names]);
}
