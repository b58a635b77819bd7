/**
 * Every language's state names (shared/geo/state-names/<lang>.json) against the states the
 * member service lists: a state without a name, a name for a state it does not list, an empty
 * name, or two states of one country with the same name is a problem. Part of
 * `npm run check:locales` (scripts/check-locales.ts).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { countryList } from '../server/member-service/data/countries.ts';
import type { Language } from '../shared/languages.ts';
import { NO_STATE_NAMES, STATE_NAMES_LANGUAGES, type StateNames } from '../shared/geo/state-names.ts';

export const STATE_NAMES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../shared/geo/state-names');

/** A language's names as its file holds them (none for English: the canonical names are English). */
export function readStateNames(lang: Language, dir = STATE_NAMES_DIR): StateNames {
  return lang === 'en' ? NO_STATE_NAMES : (JSON.parse(readFileSync(path.join(dir, `${lang}.json`), 'utf8')) as StateNames);
}

export function checkStateNames(dir = STATE_NAMES_DIR): string[] {
  const countries = countryList(false).filter((country) => country.states.length > 0);
  const problems: string[] = [];
  for (const lang of STATE_NAMES_LANGUAGES) {
    const file = `shared/geo/state-names/${lang}.json`;
    let names: StateNames;
    try {
      names = readStateNames(lang, dir);
    } catch (error) {
      problems.push(`${lang}: ${file} cannot be read (${(error as Error).message})`);
      continue;
    }
    for (const code of Object.keys(names)) {
      if (!countries.some((country) => country.code === code)) problems.push(`${lang}: ${file} names states of ${code}, which has none`);
    }
    for (const { code, states } of countries) {
      const own = names[code] ?? {};
      for (const state of states) if (!own[state]?.trim()) problems.push(`${lang}: no name for ${code} state "${state}"`);
      for (const state of Object.keys(own)) if (!states.includes(state)) problems.push(`${lang}: extra ${code} state "${state}"`);
      const labels = Object.values(own);
      for (const label of new Set(labels.filter((label, i) => labels.indexOf(label) !== i))) {
        problems.push(`${lang}: two ${code} states are both named "${label}"`);
      }
    }
  }
  return problems;
}
