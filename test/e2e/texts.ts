import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGES, type Language } from '../../shared/languages.ts';

/** A language's texts by key, with {{placeholders}} filled in. */
export type Texts = ReturnType<typeof textsOf>;

/**
 * The words a page shows in one language, read from the same locale files the client is built
 * from, so that a browser test finds its way by what a visitor sees.
 */
export function textsOf(lang: Language): (key: string, values?: Record<string, string | number>) => string {
  const dir = join(import.meta.dirname, '../../locales', lang);
  const resources: Record<string, unknown> = {};
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    resources[file.slice(0, -'.json'.length)] = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  }
  return (key, values = {}) => {
    const found = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], resources);
    if (typeof found !== 'string') throw new Error(`no text ${key} in ${lang}`);
    return found.replace(/\{\{(\w+)\}\}/g, (_m, name: string) => String(values[name] ?? ''));
  };
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The optional-field marks of every language ("(optional)", "（任意）"). */
const OPTIONAL_MARKS = LANGUAGES.map((lang) => escaped(textsOf(lang)('common.optional'))).join('|');

/** Matches a label exactly, with or without the optional-field mark the form adds. */
export function exactLabel(text: string): RegExp {
  return new RegExp(`^${escaped(text)}(\\s*(${OPTIONAL_MARKS}))?$`);
}
