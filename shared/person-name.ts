import type { Language } from './languages.ts';

/** Languages that write the family name before the given name (forms, greetings, mails). */
const FAMILY_NAME_FIRST: ReadonlySet<Language> = new Set<Language>(['ja-jp', 'zh-tw', 'zh-cn', 'ko-kr']);

export const familyNameFirst = (lang: Language): boolean => FAMILY_NAME_FIRST.has(lang);

/** Han, kana and Hangul only: such names are written without a space in Chinese and Korean. */
const CJK_NAME = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}ー・]+$/u;

/**
 * A member's full name as the language writes it: "John Smith" in English and Spanish,
 * "山田 太郎" in Japanese, "王小明" in Chinese and "김민준" in Korean. A name in Latin letters
 * keeps its space in every language.
 */
export function fullName(lang: Language, firstName: string, lastName: string): string {
  const first = firstName.trim();
  const last = lastName.trim();
  if (!familyNameFirst(lang)) return [first, last].filter(Boolean).join(' ');
  const joint = lang !== 'ja-jp' && CJK_NAME.test(first) && CJK_NAME.test(last) ? '' : ' ';
  return [last, first].filter(Boolean).join(joint);
}
