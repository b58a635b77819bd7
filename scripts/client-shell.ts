/**
 * The page shell: the HTML every page path gets. It names everything the screen needs (style
 * sheet, script chunks, the language's catalogue) so the browser fetches them in parallel with
 * the first round trip. No inline script or style: the CSP allows the portal's own files only.
 */
import { languageTag } from '../shared/language-tag.ts';
import type { Language } from '../shared/languages.ts';

export interface ShellAssets {
  lang: Language;
  /** The SVG icon, inlined as a data: URL (allowed by img-src) to save a request. */
  icon: string;
  script: string;
  style?: string;
  /** Every chunk the screen imports, so no import waits for the one before it. */
  modules: string[];
  /** The language's catalogue, fetched by client/i18n.ts. */
  catalogue: string;
}

/** Only what a data: URL in a quoted attribute needs escaped; the rest stays readable (and small). */
const svgDataUrl = (svg: string) => `data:image/svg+xml,${svg.trim().replace(/"/g, "'").replace(/[<>#%\s]/g, encodeURIComponent)}`;

const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export function shellHtml({ lang, icon, script, style, modules, catalogue }: ShellAssets): string {
  return [
    '<!doctype html>',
    `<html lang="${attribute(languageTag(lang))}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<title>Member Portal</title>',
    `<link rel="icon" type="image/svg+xml" href="${attribute(svgDataUrl(icon))}">`,
    style ? `<link rel="stylesheet" href="${attribute(style)}">` : '',
    // Fetched by fetch() with same-origin credentials, which `crossorigin` (anonymous) matches.
    `<link rel="preload" href="${attribute(catalogue)}" as="fetch" crossorigin>`,
    ...modules.map((chunk) => `<link rel="modulepreload" href="${attribute(chunk)}">`),
    `<script type="module" src="${attribute(script)}"></script>`,
    '</head>',
    '<body>',
    '<div id="root"></div>',
    '<noscript>This site needs JavaScript.</noscript>',
    '</body>',
    '</html>',
    '',
  ]
    .filter(Boolean)
    .join('\n');
}
