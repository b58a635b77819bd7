import { languageTag } from '../language-tag.ts';
import type { Language } from '../languages.ts';

/**
 * The states of each country (by ISO 3166-1 code) in one language: canonical name -> name shown.
 * The canonical name is what the country list gives, the member record stores and the member
 * service checks (country-state-city's English name; Mexico's are Spanish already), so only the
 * label changes with the page's language. English pages show the canonical names themselves.
 */
export type StateNames = Readonly<Record<string, Readonly<Record<string, string>>>>;

export type StateNamesLanguage = Exclude<Language, 'en'>;

/**
 * The languages with a file of names (shared/geo/state-names/<lang>.json). The browser fetches
 * its page's language's file alone, built as an asset of its own (scripts/build-client.ts).
 */
export const STATE_NAMES_LANGUAGES: readonly StateNamesLanguage[] = ['zh-tw', 'zh-cn', 'ja-jp', 'ko-kr', 'es-es'];

export const NO_STATE_NAMES: StateNames = {};

/**
 * Countries whose states a language lists in its customary order rather than by collation, as
 * its file lists them: Japanese lists the prefectures north to south (JIS X 0401, 北海道 first),
 * and collation would not do, as it orders kanji by code and not by reading.
 */
const CUSTOMARY_ORDER: Partial<Record<Language, readonly string[]>> = { 'ja-jp': ['JP'] };

export interface StateChoice {
  /** The canonical name: what is submitted and stored. */
  value: string;
  /** The name in the page's language. */
  label: string;
}

/**
 * A country's state choices in the page's language, sorted with its collation (or in its
 * customary order). A state the file lacks keeps its canonical name, so a new state in the list
 * is never dropped; scripts/check-state-names.ts reports it.
 */
export function stateChoices(
  countryCode: string,
  states: readonly string[],
  lang: Language,
  names: StateNames = NO_STATE_NAMES,
): StateChoice[] {
  const own = names[countryCode] ?? {};
  const choices = states.map((state) => ({ value: state, label: own[state] ?? state }));
  const collator = new Intl.Collator(languageTag(lang));
  const byLabel = (a: StateChoice, b: StateChoice) => collator.compare(a.label, b.label);
  if (!CUSTOMARY_ORDER[lang]?.includes(countryCode)) return choices.sort(byLabel);
  const customary = Object.keys(own);
  const rank = (choice: StateChoice) => (own[choice.value] === undefined ? customary.length : customary.indexOf(choice.value));
  return choices.sort((a, b) => rank(a) - rank(b) || byLabel(a, b));
}
