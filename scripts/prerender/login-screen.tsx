/**
 * Renders the login screen of each language to HTML (bundled for Node by scripts/prerender.ts
 * and run in a process of its own, as it stands in for browser globals).
 *
 *   node login-screen.mjs <file of { lang: catalogue file }>   → { lang: html } on stdout
 */
import { readFileSync } from 'node:fs';
import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import type { Language } from '../../shared/languages.ts';
import { standInFor } from './dom-stand-ins.ts';

const catalogues = JSON.parse(readFileSync(process.argv[2] ?? '', 'utf8')) as Record<Language, string>;
standInFor('/en/login', 'en');
// After the stand-ins: some client modules read browser globals as they load.
const { installCatalogue } = await import('../../client/i18n.ts');
const { AppRoutes } = await import('../../client/routes.tsx');

const screens: Record<string, string> = {};
for (const [lang, file] of Object.entries(catalogues) as Array<[Language, string]>) {
  const path = `/${lang}/login`;
  standInFor(path, lang);
  await installCatalogue(lang, JSON.parse(readFileSync(file, 'utf8')));
  screens[lang] = renderToString(
    <Router ssrPath={path} ssrSearch="">
      <AppRoutes />
    </Router>,
  );
}
process.stdout.write(JSON.stringify(screens));
