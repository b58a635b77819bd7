/**
 * Renders the entry screens of each language to HTML (bundled for Node by scripts/prerender.ts
 * and run in a process of its own, as it stands in for browser globals). React's static
 * prerender waits for the screens that come in a chunk of their own (React.lazy).
 *
 *   node screens.mjs <file of { lang: catalogue file }>   → { lang: { screen: html } } on stdout
 */
import { readFileSync } from 'node:fs';
import { text } from 'node:stream/consumers';
import { prerenderToNodeStream } from 'react-dom/static';
import { Router } from 'wouter';
import type { Language } from '../../shared/languages.ts';
import { PRERENDERED_SCREENS } from '../../client/screens/prerendered.ts';
import { standInFor } from './dom-stand-ins.ts';

const catalogues = JSON.parse(readFileSync(process.argv[2] ?? '', 'utf8')) as Record<Language, string>;
standInFor('/en/login', 'en');
// After the stand-ins: some client modules read browser globals as they load.
const { installCatalogue } = await import('../../client/i18n.ts');
const { AppRoutes } = await import('../../client/routes.tsx');

const screens: Record<string, Record<string, string>> = {};
for (const [lang, file] of Object.entries(catalogues) as Array<[Language, string]>) {
  await installCatalogue(lang, JSON.parse(readFileSync(file, 'utf8')));
  screens[lang] = {};
  for (const screen of PRERENDERED_SCREENS) {
    const path = `/${lang}/${screen}`;
    standInFor(path, lang);
    const { prelude } = await prerenderToNodeStream(
      <Router ssrPath={path} ssrSearch="">
        <AppRoutes />
      </Router>,
      // One piece: a boundary larger than the chunk size would be sent apart and revealed by a script.
      { progressiveChunkSize: Number.POSITIVE_INFINITY, onError: (error) => console.error(path, error) },
    );
    const html = await text(prelude);
    // A screen still waiting for something would need React's inline scripts, which the CSP forbids.
    if (/<(script|template)\b/.test(html)) throw new Error(`${path} did not render completely`);
    screens[lang][screen] = html;
  }
}
process.stdout.write(JSON.stringify(screens));
