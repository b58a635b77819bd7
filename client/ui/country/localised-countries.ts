import { languageTag } from '../../../shared/language-tag.ts';
import type { Language } from '../../../shared/languages.ts';
import type { CountryRecord } from '../../../shared/schemas/info.ts';

/**
 * The country list as a reader of the page's language sees it: each `label` is the country's
 * name in that language (CLDR's, through Intl.DisplayNames, by ISO code) and the list is sorted
 * with that language's collation (kana order in Japanese, pinyin in Simplified and stroke count
 * in Traditional Chinese, Hangul order in Korean, Spanish rules in Spanish).
 *
 * Only the label changes: `name` stays the canonical English name that the member record
 * stores and that the country rules of shared/rules/countries.ts recognise. English pages show
 * the canonical names themselves, so what is shown is what is stored.
 */
export function localiseCountries(records: readonly CountryRecord[], lang: Language): CountryRecord[] {
  const { names, collator } = intlOf(lang);
  return records
    .map((record) => ({ ...record, label: (names && nameOf(names, record.code)) || record.label }))
    .sort((a, b) => collator.compare(a.label, b.label));
}

interface CountryIntl {
  names?: Intl.DisplayNames;
  collator: Intl.Collator;
}

/** Making Intl objects costs far more than using them, and a page localises the list more than once: one set per language. */
const intlByLanguage = new Map<Language, CountryIntl>();

function intlOf(lang: Language): CountryIntl {
  let intl = intlByLanguage.get(lang);
  if (!intl) {
    const tag = languageTag(lang);
    const names = lang === 'en' ? undefined : new Intl.DisplayNames([tag], { type: 'region', fallback: 'none' });
    intlByLanguage.set(lang, (intl = { names, collator: new Intl.Collator(tag) }));
  }
  return intl;
}

function nameOf(names: Intl.DisplayNames, code: string): string | undefined {
  try {
    return names.of(code);
  } catch {
    // A code Intl does not accept as a region keeps the list's own label.
    return undefined;
  }
}
