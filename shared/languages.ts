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

/** The portal language one language tag names (`ja`, `es-MX`, `zh-Hant-HK`), or undefined for a language the portal lacks. */
function matchLanguage(raw: string): Language | undefined {
  const tag = raw.trim().toLowerCase().replace(/_/g, '-').split(';')[0] ?? '';
  if (isLanguage(tag)) return tag;
  if (tag === 'zh-hant' || tag.startsWith('zh-hant') || tag === 'zh-hk' || tag === 'zh-mo') return 'zh-tw';
  if (tag === 'zh' || tag.startsWith('zh-')) return 'zh-cn';
  const primary = tag.split('-')[0];
  return LANGUAGES.find((lang) => lang.split('-')[0] === primary);
}

/**
 * Picks the starting language from browser preferences such as `navigator.languages`
 * or an Accept-Language header: exact match first, then by primary subtag.
 */
export function negotiateLanguage(preferences: readonly string[]): Language {
  for (const raw of preferences) {
    const match = matchLanguage(raw);
    if (match) return match;
  }
  return DEFAULT_LANGUAGE;
}

/** What a first path segment that looks like a language tag (`es`, `en-US`, `zh_Hant`) stands for. */
const LANGUAGE_TAG = /^[a-z]{2,3}(?:[-_][a-z0-9]{2,8})*$/i;

/**
 * The portal language meant by a page address's first segment when it is not one of the
 * portal's own: a bare or regional code maps to the portal's (`es` → es-es, `ja` → ja-jp;
 * a bare `zh` follows the browser's script or region, else zh-cn), any other language tag
 * (`fr`, `xx`) gets the browser's preferred portal language. Undefined when the segment is
 * not a language tag at all (`favicon.ico`, `wp-admin`): that address is not a page.
 */
export function languageOfSegment(segment: string, preferences: readonly string[]): Language | undefined {
  if (!LANGUAGE_TAG.test(segment)) return undefined;
  if (segment.toLowerCase() === 'zh') {
    const chinese = preferences.map(matchLanguage).find((lang) => lang === 'zh-tw' || lang === 'zh-cn');
    return chinese ?? 'zh-cn';
  }
  return matchLanguage(segment) ?? negotiateLanguage(preferences);
}
