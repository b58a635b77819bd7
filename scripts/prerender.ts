/**
 * The entry screens (client/screens/prerendered.ts) of every language rendered to HTML at build
 * time, so a phone paints them from the page shell before any script has arrived; the app then
 * hydrates them (client/main.tsx). The screens are bundled for Node and rendered in a child process (scripts/prerender/screens.tsx). A
 * failure is a warning, not a broken build: the shells then hold no prerendered screen and the
 * app draws it as before.
 */
import { build, type Plugin } from 'esbuild';
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { PrerenderedScreen } from '../client/screens/prerendered.ts';
import type { Language } from '../shared/languages.ts';

const run = promisify(execFile);

export type PrerenderedScreens = Partial<Record<Language, Partial<Record<PrerenderedScreen, string>>>>;

export async function prerenderScreens(
  root: string,
  plugins: Plugin[],
  catalogueFiles: Record<Language, string>,
): Promise<PrerenderedScreens> {
  // Inside the project, so that Node finds the packages the bundle leaves out.
  const cache = path.join(root, 'node_modules', '.cache');
  await mkdir(cache, { recursive: true });
  const dir = await mkdtemp(path.join(cache, 'portal-prerender-'));
  try {
    const program = path.join(dir, 'screens.mjs');
    await build({
      absWorkingDir: root,
      entryPoints: ['scripts/prerender/screens.tsx'],
      outfile: program,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: ['node20'],
      jsx: 'automatic',
      define: { 'process.env.NODE_ENV': '"production"' },
      loader: { '.css': 'empty' },
      // Node resolves these itself: the CommonJS packages stay out of the ESM bundle.
      packages: 'external',
      logLevel: 'error',
      plugins,
    });
    const input = path.join(dir, 'catalogues.json');
    await writeFile(input, JSON.stringify(catalogueFiles));
    const { stdout } = await run(process.execPath, [program, input], { cwd: root, maxBuffer: 16 * 1024 * 1024, timeout: 60_000 });
    return JSON.parse(stdout) as PrerenderedScreens;
  } catch (error) {
    console.warn(`screens not prerendered: ${error instanceof Error ? error.message : error}`);
    return {};
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
