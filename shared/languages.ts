/** The six portal languages; `en` is the default and the fallback. */
export const LANGUAGES = ['en', 'zh-tw', 'zh-cn', 'ja-jp', 'ko-kr', 'es-es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Unknown or missing locales fall back to English (spec section 2). */
export function toLanguage(value: unknown): Language {
  const lower = typeof value === 'string' ? value.toLowerCase() : value;
  return isLanguage(lower) ? lower : DEFAULT_LANGUAGE;
}

/** Numeric language codes used by the option endpoint (spec section 3). */
export const LANGUAGE_CODES: Record<Language, number> = {
  en: 0,
  'es-es': 1,
  'ja-jp': 2,
  'ko-kr': 3,
  'zh-cn': 4,
  'zh-tw': 5,
};

export function languageFromCode(code: number): Language | undefined {
  return LANGUAGES.find((lang) => LANGUAGE_CODES[lang] === code);
}

/**
 * Picks the starting language from browser preferences such as `navigator.languages`
 * or an Accept-Language header: exact match first, then by primary subtag.
 */
export function negotiateLanguage(preferences: readonly string[]): Language {
  for (const raw of preferences) {
    const tag = raw.trim().toLowerCase().split(';')[0] ?? '';
    if (isLanguage(tag)) return tag;
    if (tag === 'zh-hant' || tag.startsWith('zh-hant') || tag === 'zh-hk' || tag === 'zh-mo') return 'zh-tw';
    if (tag === 'zh' || tag.startsWith('zh-')) return 'zh-cn';
    const primary = tag.split('-')[0];
    const match = LANGUAGES.find((lang) => lang.split('-')[0] === primary);
    if (match) return match;
  }
  return DEFAULT_LANGUAGE;
}
