/**
 * Compares every language's locale files with English (the source of truth): a key missing
 * from or extra in a language, a value that lost one of the English {{placeholders}}, or a value left identical
 * to the English one (unless allow-listed) is a problem. `npm run check:locales` exits 1 on any.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../shared/languages.ts';
import { checkStateNames } from './check-state-names.ts';
import { replyCodeTextProblems } from './reply-code-texts.ts';

/**
 * Values that are the same in every language: brand names, symbols, pure placeholders.
 * Entries are `file.key` for all languages or `lang:file.key` for one.
 */
export const SAME_AS_ENGLISH_ALLOWED = new Set<string>([
  'common.brandAures',
  'common.brandIotmart',
  'social.provider.google',
  'social.provider.facebook',
  'social.provider.linkedin',
  'es-es:common.no',
  'es-es:common.toastError',
  'es-es:activation.redirect.marketplace',
  // Korean sites keep the English rights notice ("모든 권리 보유" is a stiff translation of it).
  'ko-kr:common.footer.copyrightAures',
  'ko-kr:common.footer.copyrightIotmart',
]);

type Flat = Map<string, string>;

function flatten(value: unknown, prefix: string, into: Flat): Flat {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, into);
  } else {
    into.set(prefix, typeof value === 'string' ? value : JSON.stringify(value));
  }
  return into;
}

/** All keys of one language as `file.key` -> text. */
export function readLanguage(localesDir: string, lang: string): { keys: Flat; problems: string[]; missing?: true } {
  const keys: Flat = new Map();
  const problems: string[] = [];
  const dir = path.join(localesDir, lang);
  if (!existsSync(dir)) return { keys, problems: [`${lang}: folder locales/${lang} is missing`], missing: true };
  for (const file of readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()) {
    const name = file.slice(0, -'.json'.length);
    try {
      flatten(JSON.parse(readFileSync(path.join(dir, file), 'utf8')), name, keys);
    } catch (error) {
      problems.push(`${lang}: ${file} is not valid JSON (${(error as Error).message})`);
    }
  }
  return { keys, problems };
}

const placeholders = (text: string) => new Set([...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((match) => match[1]));

/** A translation may add a placeholder (word order differs), but must not lose one. */
function lostPlaceholders(english: string, translated: string): string[] {
  const kept = placeholders(translated);
  return [...placeholders(english)].filter((name) => name !== undefined && !kept.has(name)) as string[];
}

function isAllowedSame(lang: string, key: string, english: string): boolean {
  if (SAME_AS_ENGLISH_ALLOWED.has(key) || SAME_AS_ENGLISH_ALLOWED.has(`${lang}:${key}`)) return true;
  // Nothing to translate: only placeholders, digits, punctuation or symbols.
  return !/\p{L}/u.test(english.replace(/\{\{[^}]*\}\}/g, ''));
}

export function checkLocales(localesDir: string, languages: readonly string[] = LANGUAGES): string[] {
  const english = readLanguage(localesDir, DEFAULT_LANGUAGE);
  const problems = [...english.problems];
  for (const lang of languages) {
    if (lang === DEFAULT_LANGUAGE) continue;
    const other = readLanguage(localesDir, lang);
    problems.push(...other.problems);
    if (other.missing) continue;
    for (const [key, text] of english.keys) {
      const translated = other.keys.get(key);
      if (translated === undefined) problems.push(`${lang}: missing ${key}`);
      else if (translated.trim() === '') problems.push(`${lang}: empty ${key}`);
      else if (translated === text && !isAllowedSame(lang, key, text)) problems.push(`${lang}: ${key} is the English text`);
      else if (lostPlaceholders(text, translated).length > 0) {
        problems.push(`${lang}: ${key} lacks {{${lostPlaceholders(text, translated).join('}}, {{')}}}`);
      }
    }
    for (const key of other.keys.keys()) if (!english.keys.has(key)) problems.push(`${lang}: extra ${key} (not in en)`);
  }
  return problems;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const localesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../locales');
  const problems = [
    ...checkLocales(localesDir),
    ...replyCodeTextProblems(readLanguage(localesDir, DEFAULT_LANGUAGE).keys),
    ...checkStateNames(),
  ];
  if (problems.length > 0) {
    console.error(`${problems.length} locale problem(s):\n${problems.map((problem) => `  ${problem}`).join('\n')}`);
    process.exit(1);
  }
  console.log('locales: every key present in all languages and translated, every reply code and state named');
}
