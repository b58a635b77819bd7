import { createContext, useContext } from 'react';
import { DEFAULT_LANGUAGE, type Language } from '../../shared/languages.ts';

export const LanguageContext = createContext<Language>(DEFAULT_LANGUAGE);

/** The language of the current route ('/{lang}/...'). */
export function useLanguage(): Language {
  return useContext(LanguageContext);
}
