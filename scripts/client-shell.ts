/**
 * The page shells: the HTML a page address gets. A shell names everything its screen needs
 * (style sheet, script chunks, the language's catalogue) so the browser fetches them in
 * parallel with the first round trip; a shell whose screen was rendered at build time holds
 * that screen and one small script that fetches the app once the screen is painted. No inline
 * script or style: the CSP allows the portal's own files only.
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { documentTitle, OTHER_SCREEN, SCREEN_META } from '../client/layout/screen-meta.ts';
import { UNTIL_APP_ATTRIBUTE, UNTIL_APP_GUARDS } from '../client/screens/prerendered.ts';
import { SCREEN_GROUPS, type ScreenGroup } from '../shared/screen-groups.ts';
import type { PrerenderedScreens } from './prerender.ts';
import { languageTag } from '../shared/language-tag.ts';
import { LANGUAGES, type Language } from '../shared/languages.ts';

/** The shell's own words in its language, from the language's catalogue (locales/<lang>/). */
export interface ShellTexts {
  /** The screen's name and the portal's ("Sign in · Member Portal"). */
  title: string;
  /** The screen's description, for search results and link previews. */
  description: string;
  /** Keeps the screen out of search indexes (a member's own pages, one-time links). */
  noindex?: boolean;
  /** Shown where scripts do not run. */
  noscript: string;
}

export interface ShellAssets {
  lang: Language;
  texts: ShellTexts;
  /** The SVG icon, inlined as a data: URL (allowed by img-src) to save a request. */
  icon: string;
  script: string;
  style?: string;
  /** Every chunk the screen imports, so no import waits for the one before it. */
  modules: string[];
  /** The language's catalogue, fetched by client/i18n.ts. */
  catalogue?: string;
  /**
   * The screen rendered at build time (scripts/prerender.ts): painted before any script runs,
   * inert (so nothing typed is lost or submitted) until client/main.tsx takes over.
   */
  screen?: string;
}

/** What the build produced that the shells refer to (scripts/build-client.ts). */
export interface ShellInputs {
  script: string;
  style?: string;
  preload: string[];
  groups: Record<ScreenGroup, string[]>;
  catalogues: Record<Language, string>;
  /** client/start.ts, built when some screen was rendered at build time. */
  start?: string;
  prerendered: PrerenderedScreens;
}

/** Only what a data: URL in a quoted attribute needs escaped; the rest stays readable (and small). */
const svgDataUrl = (svg: string) =>
  `data:image/svg+xml,${svg
    .trim()
    .replace(/"/g, "'")
    .replace(/[<>#%\s]/g, encodeURIComponent)}`;

const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
const text = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A language's catalogue, keyed as the client's keys are: file name, then the key ('login.title'). */
type Catalogue = Record<string, unknown>;

async function readCatalogue(localesDir: string, lang: Language): Promise<Catalogue> {
  const catalogue: Catalogue = {};
  for (const file of (await readdir(path.join(localesDir, lang))).filter((name) => name.endsWith('.json')))
    catalogue[file.slice(0, -'.json'.length)] = JSON.parse(await readFile(path.join(localesDir, lang, file), 'utf8'));
  return catalogue;
}

function lookup(catalogue: Catalogue, key: string): string {
  const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogue);
  if (typeof value !== 'string') throw new Error(`no text for ${key}`);
  return value;
}

/** The words of one screen's shell (by its first path segment) in a language. */
function screenTexts(catalogue: Catalogue, segment: string): ShellTexts {
  const meta = SCREEN_META[segment] ?? OTHER_SCREEN;
  const brand = lookup(catalogue, 'common.brand');
  return {
    title: documentTitle(meta.title && lookup(catalogue, meta.title), brand),
    description: lookup(catalogue, meta.description ?? 'common.meta.description'),
    noindex: meta.noindex,
    noscript: lookup(catalogue, 'common.noscript'),
  };
}

export function shellHtml({ lang, texts, icon, script, style, modules, catalogue, screen }: ShellAssets): string {
  return [
    '<!doctype html>',
    `<html lang="${attribute(languageTag(lang))}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    // Light and dark follow the system (client/styles.css); the browser's own parts and the
    // phone's address bar take the header's colour in each.
    '<meta name="color-scheme" content="light dark">',
    '<meta name="theme-color" content="#ffffff" media="(prefers-color-scheme: light)">',
    '<meta name="theme-color" content="#161b22" media="(prefers-color-scheme: dark)">',
    `<title>${text(texts.title)}</title>`,
    `<meta name="description" content="${attribute(texts.description)}">`,
    texts.noindex ? '<meta name="robots" content="noindex">' : '',
    // Link previews (chat apps, social sites) in the page's language.
    `<meta property="og:title" content="${attribute(texts.title)}">`,
    `<meta property="og:description" content="${attribute(texts.description)}">`,
    '<meta property="og:type" content="website">',
    `<link rel="icon" type="image/svg+xml" href="${attribute(svgDataUrl(icon))}">`,
    style ? `<link rel="stylesheet" href="${attribute(style)}">` : '',
    // Fetched by fetch() with same-origin credentials, which `crossorigin` (anonymous) matches.
    catalogue ? `<link rel="preload" href="${attribute(catalogue)}" as="fetch" crossorigin>` : '',
    ...modules.map((chunk) => `<link rel="modulepreload" href="${attribute(chunk)}">`),
    `<script type="module" src="${attribute(script)}"></script>`,
    '</head>',
    '<body>',
    screen ? `<div id="root" inert>${untilTakeover(screen)}</div>` : '<div id="root"></div>',
    `<noscript>${text(texts.noscript)}</noscript>`,
    '</body>',
    '</html>',
    '',
  ]
    .filter(Boolean)
    .join('\n');
}

/**
 * The painted screen's fields are read-only and its lists and buttons disabled until the app has
 * hydrated it: nothing is typed or pressed that the app would not see, and a tool that waits for
 * an editable field or an enabled button waits for the app. Each element names what was added
 * (releasePaintedScreen removes exactly that); one that already has the attribute is left alone.
 */
function untilTakeover(screen: string): string {
  return screen.replace(/<(input|textarea|select|button)\b([^>]*)>/g, (tag, name: keyof typeof UNTIL_APP_GUARDS, rest: string) => {
    const [attribute, value] = UNTIL_APP_GUARDS[name];
    if (new RegExp(`\\s${attribute}(?=[\\s=/]|$)`, 'i').test(rest)) return tag;
    return `<${name} ${UNTIL_APP_ATTRIBUTE}="${attribute}" ${value ? `${attribute}="${value}"` : attribute}${rest}>`;
  });
}

/**
 * Writes dist/client/index.html (the English login shell), shells/<lang>/index.html (the login
 * shell of each language), shells/<lang>/<first path segment>.html (the shell of a screen in a
 * group), shells/<lang>/not-found.html, and shells/<lang>/<screen>.prerendered.html (a screen
 * already drawn, e.g. login; server/bff/page-shell.ts says which addresses get it). Each names
 * its screen and describes it in its language.
 */
export async function writeShells(outdir: string, inputs: ShellInputs, iconFile: string, localesDir: string): Promise<void> {
  const icon = await readFile(iconFile, 'utf8');
  const catalogues = {} as Record<Language, Catalogue>;
  for (const lang of LANGUAGES) catalogues[lang] = await readCatalogue(localesDir, lang);
  const assets = (lang: Language, segment: string, group?: ScreenGroup): ShellAssets => ({
    lang,
    texts: screenTexts(catalogues[lang], segment),
    icon,
    script: inputs.script,
    style: inputs.style,
    modules: [...inputs.preload, ...(group ? inputs.groups[group] : [])],
    catalogue: inputs.catalogues[lang],
  });
  await writeFile(path.join(outdir, 'index.html'), shellHtml(assets('en', 'login')));
  for (const lang of LANGUAGES) {
    const dir = path.join(outdir, 'shells', lang);
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, 'index.html'), shellHtml(assets(lang, 'login')));
    // The not-found screen is in the entry chunk, as login is; the portal answers it with 404.
    await writeFile(path.join(dir, 'not-found.html'), shellHtml(assets(lang, 'not-found')));
    for (const [name, screen] of Object.entries(inputs.prerendered[lang] ?? {})) {
      if (!inputs.start) break;
      const prerendered = { ...assets(lang, name), script: inputs.start, modules: [], catalogue: undefined, screen };
      await writeFile(path.join(dir, `${name}.prerendered.html`), shellHtml(prerendered));
    }
    for (const [group, segments] of Object.entries(SCREEN_GROUPS) as Array<[ScreenGroup, readonly string[]]>) {
      for (const segment of segments) await writeFile(path.join(dir, `${segment}.html`), shellHtml(assets(lang, segment, group)));
    }
  }
}
