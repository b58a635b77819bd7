/**
 * Builds the browser client into dist/client: client/main.tsx as minified ESM with
 * content-hashed files under assets/, one JSON catalogue per language, and a page shell per
 * language and screen that preloads everything the screen needs, so the browser fetches it
 * all at once instead of discovering it import by import (scripts/client-shell.ts). Every
 * text file is also written brotli- and gzip-compressed.
 *
 * Chunks: esbuild puts a module in a chunk per set of entries that reach it. The entry
 * (main.tsx with the login screen) and the two screen groups (client/screens/) are those
 * entries, and each group imports the routes, so the entry needs two files: main.js and the
 * chunk it shares with the groups.
 */
import { build, type Metafile, type Plugin } from 'esbuild';
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SCREEN_GROUPS, type ScreenGroup } from '../client/screens/screen-groups.ts';
import { LANGUAGES, type Language } from '../shared/languages.ts';
import { shellHtml, type ShellAssets } from './client-shell.ts';
import { precompress } from './precompress.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Locale files only the member service reads (mail texts): never sent to the browser. */
const SERVER_ONLY_LOCALE_FILES = new Set(['mail.json']);

const GROUP_ENTRIES: Record<ScreenGroup, string> = {
  visitor: 'client/screens/visitor.ts',
  member: 'client/screens/member.ts',
};

const hashOf = (bytes: string | Buffer) => createHash('sha256').update(bytes).digest('hex').slice(0, 8);

/**
 * Writes locales/<lang>/*.json merged into one object keyed by file name, as
 * assets/<lang>-<hash>.json, and returns each language's URL.
 */
async function writeCatalogues(localesDir: string, outdir: string): Promise<Record<Language, string>> {
  const urls = {} as Record<Language, string>;
  for (const lang of LANGUAGES) {
    const dir = path.join(localesDir, lang);
    const files = (await readdir(dir)).filter((f) => f.endsWith('.json') && !SERVER_ONLY_LOCALE_FILES.has(f)).sort();
    const merged: Record<string, unknown> = {};
    for (const file of files) merged[file.slice(0, -'.json'.length)] = JSON.parse(await readFile(path.join(dir, file), 'utf8'));
    const json = JSON.stringify(merged);
    const name = `assets/${lang}-${hashOf(json)}.json`;
    await writeFile(path.join(outdir, name), json);
    urls[lang] = `/${name}`;
  }
  return urls;
}

/** `import catalogueUrls from 'locales:urls'`: each language's catalogue URL (client/i18n.ts). */
function catalogueUrlsPlugin(urls: Record<Language, string>): Plugin {
  return {
    name: 'catalogue-urls',
    setup(b) {
      b.onResolve({ filter: /^locales:urls$/ }, () => ({ path: 'urls', namespace: 'locales' }));
      b.onLoad({ filter: /.*/, namespace: 'locales' }, () => ({ contents: `export default ${JSON.stringify(urls)};`, loader: 'js' }));
    },
  };
}

export interface ClientOutputs {
  script: string;
  style?: string;
  /** Chunks the entry imports statically. */
  preload: string[];
  /** Per screen group, its chunks beyond the entry's. */
  groups: Record<ScreenGroup, string[]>;
  catalogues: Record<Language, string>;
}

function chunkOutputs(metafile: Metafile, outdir: string): Omit<ClientOutputs, 'catalogues'> {
  const url = (file: string) => '/' + path.relative(outdir, path.resolve(root, file)).split(path.sep).join('/');
  const outputOf = (entryPoint: string) => {
    const found = Object.entries(metafile.outputs).find(([file, output]) => output.entryPoint === entryPoint && file.endsWith('.js'));
    if (!found) throw new Error(`${entryPoint} produced no script`);
    return found;
  };
  const staticImports = (file: string, seen = new Set<string>()): Set<string> => {
    for (const imported of metafile.outputs[file]?.imports ?? []) {
      if (imported.kind !== 'import-statement' || seen.has(imported.path)) continue;
      seen.add(imported.path);
      staticImports(imported.path, seen);
    }
    return seen;
  };

  const [mainFile, main] = outputOf('client/main.tsx');
  const entryChunks = staticImports(mainFile);
  const groups = {} as Record<ScreenGroup, string[]>;
  for (const [group, entryPoint] of Object.entries(GROUP_ENTRIES) as Array<[ScreenGroup, string]>) {
    const [groupFile] = outputOf(entryPoint);
    groups[group] = [groupFile, ...[...staticImports(groupFile)].filter((file) => file !== mainFile && !entryChunks.has(file)).sort()].map(url);
  }
  return {
    script: url(mainFile),
    style: main.cssBundle ? url(main.cssBundle) : undefined,
    preload: [...entryChunks].sort().map(url),
    groups,
  };
}

/**
 * dist/client/index.html is the English login shell; shells/<lang>/index.html the login shell of
 * each language, and shells/<lang>/<first path segment>.html the shell of a screen in a group.
 */
async function writeShells(outdir: string, outputs: ClientOutputs): Promise<void> {
  const icon = await readFile(path.join(root, 'client/favicon.svg'), 'utf8');
  const assets = (lang: Language, group?: ScreenGroup): ShellAssets => ({
    lang,
    icon,
    script: outputs.script,
    style: outputs.style,
    modules: [...outputs.preload, ...(group ? outputs.groups[group] : [])],
    catalogue: outputs.catalogues[lang],
  });
  await writeFile(path.join(outdir, 'index.html'), shellHtml(assets('en')));
  for (const lang of LANGUAGES) {
    const dir = path.join(outdir, 'shells', lang);
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, 'index.html'), shellHtml(assets(lang)));
    for (const [group, segments] of Object.entries(SCREEN_GROUPS) as Array<[ScreenGroup, readonly string[]]>) {
      const html = shellHtml(assets(lang, group));
      for (const segment of segments) await writeFile(path.join(dir, `${segment}.html`), html);
    }
  }
}

export async function buildClient(outdir = path.join(root, 'dist/client')): Promise<ClientOutputs> {
  await rm(outdir, { recursive: true, force: true });
  await mkdir(path.join(outdir, 'assets'), { recursive: true });
  const catalogues = await writeCatalogues(path.join(root, 'locales'), outdir);
  const result = await build({
    absWorkingDir: root,
    entryPoints: ['client/main.tsx'],
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    minify: true,
    sourcemap: false,
    target: ['es2022'],
    jsx: 'automatic',
    entryNames: 'assets/[name]-[hash]',
    chunkNames: 'assets/[name]-[hash]',
    assetNames: 'assets/[name]-[hash]',
    define: { 'process.env.NODE_ENV': '"production"' },
    metafile: true,
    legalComments: 'none',
    charset: 'utf8',
    logLevel: 'warning',
    plugins: [catalogueUrlsPlugin(catalogues)],
  });
  const outputs: ClientOutputs = { ...chunkOutputs(result.metafile, outdir), catalogues };
  await writeShells(outdir, outputs);
  await precompress(outdir);
  return outputs;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outputs = await buildClient();
  console.log(`client built for ${LANGUAGES.length} languages: ${outputs.script} (+${outputs.preload.length} chunks)${outputs.style ? `, ${outputs.style}` : ''}`);
}
