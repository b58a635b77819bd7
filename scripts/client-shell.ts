/**
 * The page shells: the HTML a page address gets. A shell names everything its screen needs
 * (style sheet, script chunks, the language's catalogue) so the browser fetches them in
 * parallel with the first round trip; a shell whose screen was rendered at build time holds
 * that screen and one small script that fetches the app once the screen is painted. No inline
 * script or style: the CSP allows the portal's own files only.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { UNTIL_APP_ATTRIBUTE, UNTIL_APP_GUARDS } from '../client/screens/prerendered.ts';
import { SCREEN_GROUPS, type ScreenGroup } from '../shared/screen-groups.ts';
import type { PrerenderedScreens } from './prerender.ts';
import { languageTag } from '../shared/language-tag.ts';
import { LANGUAGES, type Language } from '../shared/languages.ts';

/** The shell's own words in its language, from the language's catalogue (locales/<lang>/common.json). */
export interface ShellTexts {
  title: string;
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

export async function readShellTexts(localesDir: string, lang: Language): Promise<ShellTexts> {
  const common = JSON.parse(await readFile(path.join(localesDir, lang, 'common.json'), 'utf8')) as { brand: string; noscript: string };
  return { title: common.brand, noscript: common.noscript };
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
 * group) and shells/<lang>/<screen>.prerendered.html (a screen already drawn, e.g. login, for an
 * address without query: a query may change the screen, e.g. its brand).
 */
export async function writeShells(outdir: string, inputs: ShellInputs, iconFile: string, localesDir: string): Promise<void> {
  const icon = await readFile(iconFile, 'utf8');
  const texts = {} as Record<Language, ShellTexts>;
  for (const lang of LANGUAGES) texts[lang] = await readShellTexts(localesDir, lang);
  const assets = (lang: Language, group?: ScreenGroup): ShellAssets => ({
    lang,
    texts: texts[lang],
    icon,
    script: inputs.script,
    style: inputs.style,
    modules: [...inputs.preload, ...(group ? inputs.groups[group] : [])],
    catalogue: inputs.catalogues[lang],
  });
  await writeFile(path.join(outdir, 'index.html'), shellHtml(assets('en')));
  for (const lang of LANGUAGES) {
    const dir = path.join(outdir, 'shells', lang);
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, 'index.html'), shellHtml(assets(lang)));
    for (const [name, screen] of Object.entries(inputs.prerendered[lang] ?? {})) {
      if (!inputs.start) break;
      const prerendered = { lang, texts: texts[lang], icon, style: inputs.style, script: inputs.start, modules: [], screen };
      await writeFile(path.join(dir, `${name}.prerendered.html`), shellHtml(prerendered));
    }
    for (const [group, segments] of Object.entries(SCREEN_GROUPS) as Array<[ScreenGroup, readonly string[]]>) {
      const html = shellHtml(assets(lang, group));
      for (const segment of segments) await writeFile(path.join(dir, `${segment}.html`), html);
    }
  }
}
