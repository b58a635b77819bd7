/**
 * The login screen of every language rendered to HTML at build time, so a phone paints it from
 * the page shell before any script has arrived. The screens are bundled for Node and rendered
 * in a child process (scripts/prerender/login-screen.tsx). A failure is a warning, not a
 * broken build: the shells then hold no prerendered screen and the app draws it as before.
 */
import { build, type Plugin } from 'esbuild';
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Language } from '../shared/languages.ts';

const run = promisify(execFile);

export async function prerenderLoginScreens(
  root: string,
  plugins: Plugin[],
  catalogueFiles: Record<Language, string>,
): Promise<Partial<Record<Language, string>>> {
  // Inside the project, so that Node finds the packages the bundle leaves out.
  const cache = path.join(root, 'node_modules', '.cache');
  await mkdir(cache, { recursive: true });
  const dir = await mkdtemp(path.join(cache, 'portal-prerender-'));
  try {
    const program = path.join(dir, 'login-screen.mjs');
    await build({
      absWorkingDir: root,
      entryPoints: ['scripts/prerender/login-screen.tsx'],
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
    return JSON.parse(stdout) as Record<Language, string>;
  } catch (error) {
    console.warn(`login screens not prerendered: ${error instanceof Error ? error.message : error}`);
    return {};
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
