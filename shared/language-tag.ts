import type { Language } from './languages.ts';

/**
 * The BCP 47 tag of each portal language, for `<html lang>` and for `Intl`: the portal's path
 * codes (ja-jp, es-es) name a country the text does not depend on, while Chinese needs its
 * script region (zh-TW traditional, zh-CN simplified) so fonts and collation follow it.
 */
const LANGUAGE_TAGS: Record<Language, string> = {
  en: 'en',
  'zh-tw': 'zh-TW',
  'zh-cn': 'zh-CN',
  'ja-jp': 'ja',
  'ko-kr': 'ko',
  'es-es': 'es',
};

export const languageTag = (lang: Language): string => LANGUAGE_TAGS[lang];
