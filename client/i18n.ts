import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import catalogueUrls from 'locales:urls';
import { DEFAULT_LANGUAGE, type Language } from '../shared/languages.ts';
import { configuredBrand, withConfiguredName } from './layout/configured-brand.ts';

type Resources = Record<string, Record<string, unknown>>;

/**
 * One JSON catalogue per language (scripts/build-client.ts); only the language in use is
 * fetched, and the page shell has already asked for it.
 */
async function loadCatalogue(lang: Language): Promise<Resources> {
  const response = await fetch(catalogueUrls[lang], { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`catalogue ${lang}: HTTP ${response.status}`);
  return withConfiguredName((await response.json()) as Resources, configuredBrand().name) as Resources;
}

const initialised = i18next.use(initReactI18next).init({
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  lowerCaseLng: true,
  load: 'currentOnly',
  resources: {},
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
  returnNull: false,
});

const loading = new Map<Language, Promise<void>>();

/** True when the language's resources are in and it is current: its screens can render at once. */
export function isLanguageReady(lang: Language): boolean {
  return i18next.language === lang && i18next.hasResourceBundle(lang, 'translation');
}

/** Makes a language current with resources at hand (rendering screens at build time). */
export async function installCatalogue(lang: Language, resources: Resources): Promise<void> {
  await initialised;
  i18next.addResourceBundle(lang, 'translation', resources, true, true);
  loading.set(lang, Promise.resolve());
  await i18next.changeLanguage(lang);
}

/**
 * Loads a language's resources (once) and makes it current. Until the new language is
 * ready the screen keeps showing the previous one, so a switch never loses form state.
 */
export function activateLanguage(lang: Language): Promise<void> {
  let promise = loading.get(lang);
  if (!promise) {
    promise = Promise.all([initialised, loadCatalogue(lang)]).then(([, resources]) => {
      i18next.addResourceBundle(lang, 'translation', resources, true, true);
    });
    loading.set(lang, promise);
    promise.catch(() => loading.delete(lang));
  }
  return promise.then(async () => {
    if (i18next.language !== lang) await i18next.changeLanguage(lang);
  });
}
