import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, type Language } from '../shared/languages.ts';

type Resources = Record<string, Record<string, unknown>>;

/** One chunk per language; only the language in use is fetched. */
const loaders: Record<Language, () => Promise<{ default: Resources }>> = {
  en: () => import('locales:en'),
  'zh-tw': () => import('locales:zh-tw'),
  'zh-cn': () => import('locales:zh-cn'),
  'ja-jp': () => import('locales:ja-jp'),
  'ko-kr': () => import('locales:ko-kr'),
  'es-es': () => import('locales:es-es'),
};

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

/**
 * Loads a language's resources (once) and makes it current. Until the new language is
 * ready the screen keeps showing the previous one, so a switch never loses form state.
 */
export function activateLanguage(lang: Language): Promise<void> {
  let promise = loading.get(lang);
  if (!promise) {
    promise = initialised
      .then(() => loaders[lang]())
      .then((module) => {
        i18next.addResourceBundle(lang, 'translation', module.default, true, true);
      });
    loading.set(lang, promise);
    promise.catch(() => loading.delete(lang));
  }
  return promise.then(async () => {
    if (i18next.language !== lang) await i18next.changeLanguage(lang);
  });
}

export { i18next };
