import stateNameUrls from 'state-names:urls';
import { NO_STATE_NAMES, type StateNames } from '../../../shared/geo/state-names.ts';
import type { Language } from '../../../shared/languages.ts';

/**
 * The page's language's state names, fetched as a JSON asset of their own (scripts/build-client.ts),
 * like the catalogues: as script chunks they would split the app's shared code into one more
 * script that every page, the login page included, loads first.
 */
export async function loadStateNames(lang: Language): Promise<StateNames> {
  if (lang === 'en') return NO_STATE_NAMES;
  const response = await fetch(stateNameUrls[lang]);
  if (!response.ok) throw new Error(`state names of ${lang}: HTTP ${response.status}`);
  return (await response.json()) as StateNames;
}
