/**
 * Builds the browser client into dist/client: client/main.tsx as minified ESM with
 * content-hashed files under assets/, one JSON catalogue per language, the entry screens of
 * each language rendered at build time (scripts/prerender.ts), and the page shells
 * (scripts/client-shell.ts). Every text file is also written brotli- and gzip-compressed.
 *
 * Chunks: esbuild puts a module in a chunk per set of entries that reach it. The entry
 * (main.tsx with the login screen) and the two screen groups (client/screens/) are those
 * entries, and each group imports the app's frame (client/app-shell.tsx), so everything the
 * entry needs is one chunk, the app chunk, which the pages load directly (main.js itself only
 * imports it). What only the groups use (react-final-form, swr) is in one chunk they share.
 */
import { build, type BuildOptions, type Metafile, type Plugin } from 'esbuild';
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SCREEN_GROUPS, type ScreenGroup } from '../shared/screen-groups.ts';
import { STATE_NAMES_LANGUAGES, type StateNamesLanguage } from '../shared/geo/state-names.ts';
import { LANGUAGES, type Language } from '../shared/languages.ts';
import { readStateNames } from './check-state-names.ts';
import { writeShells, type ShellInputs } from './client-shell.ts';
import { precompress } from './precompress.ts';
import { prerenderScreens } from './prerender.ts';

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

/**
 * Writes each language's state names (shared/geo/state-names/) as assets/state-names-<lang>-<hash>.json
 * and returns their URLs. Fetched rather than imported: a chunk of their own would take the
 * bundler's shared helpers out of the app chunk into one more script for every page.
 */
async function writeStateNames(outdir: string): Promise<Record<StateNamesLanguage, string>> {
  const urls = {} as Record<StateNamesLanguage, string>;
  for (const lang of STATE_NAMES_LANGUAGES) {
    const json = JSON.stringify(readStateNames(lang));
    const name = `assets/state-names-${lang}-${hashOf(json)}.json`;
    await writeFile(path.join(outdir, name), json);
    urls[lang] = `/${name}`;
  }
  return urls;
}

/** An esbuild filter matching exactly this import specifier. */
const exactly = (specifier: string) => new RegExp(`^${specifier.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`);

/** `import x from '<specifier>'` (or named imports) of values known at build time. */
function buildTimeModule(specifier: string, contents: string): Plugin {
  const filter = exactly(specifier);
  return {
    name: specifier,
    setup(b) {
      b.onResolve({ filter }, () => ({ path: specifier, namespace: 'build-time' }));
      b.onLoad({ filter, namespace: 'build-time' }, () => ({ contents, loader: 'js' }));
    },
  };
}

/**
 * A package whose modules do nothing when imported, though its package.json does not say so
 * (`"sideEffects": false`). Marked here, a screen's chunk takes only the functions it calls: the
 * login screen the WebAuthn sign-in, My account the registration.
 */
const sideEffectFree = (specifier: string): Plugin => ({
  name: `side-effect-free ${specifier}`,
  setup(b) {
    b.onResolve({ filter: exactly(specifier) }, async ({ path, ...args }) => {
      if (args.pluginData === 'side-effect-free') return undefined;
      return { ...(await b.resolve(path, { ...args, pluginData: 'side-effect-free' })), sideEffects: false };
    });
  },
});

const browserOptions = (outdir: string): BuildOptions => ({
  absWorkingDir: root,
  outdir,
  bundle: true,
  format: 'esm',
  minify: true,
  sourcemap: false,
  target: ['es2022'],
  jsx: 'automatic',
  entryNames: 'assets/[name]-[hash]',
  chunkNames: 'assets/[name]-[hash]',
  assetNames: 'assets/[name]-[hash]',
  define: { 'process.env.NODE_ENV': '"production"' },
  legalComments: 'none',
  charset: 'utf8',
  logLevel: 'warning',
});

export type ClientOutputs = ShellInputs;

function chunkOutputs(metafile: Metafile, outdir: string): Pick<ClientOutputs, 'script' | 'style' | 'preload' | 'groups'> {
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
  // The file holding main.tsx's code: the app chunk, or main.js itself if no group imports main.tsx.
  const appFile =
    Object.entries(metafile.outputs).find(([file, output]) => file.endsWith('.js') && output.inputs['client/main.tsx'])?.[0] ?? mainFile;
  const appChunks = staticImports(appFile);
  const groups = {} as Record<ScreenGroup, string[]>;
  for (const [group, entryPoint] of Object.entries(GROUP_ENTRIES) as Array<[ScreenGroup, string]>) {
    const [groupFile] = outputOf(entryPoint);
    const own = [...staticImports(groupFile)].filter((file) => file !== appFile && file !== mainFile && !appChunks.has(file));
    groups[group] = [groupFile, ...own.sort()].map(url);
  }
  return {
    script: url(appFile),
    style: main.cssBundle ? url(main.cssBundle) : undefined,
    preload: [...appChunks].sort().map(url),
    groups,
  };
}

/**
 * client/start.ts with the URLs it fetches once a prerendered screen is painted: the app, its
 * chunks, the catalogues, and the chunks of the screens (by path segment) that come in a group.
 */
async function buildStartScript(
  outdir: string,
  app: Pick<ClientOutputs, 'script' | 'preload' | 'catalogues' | 'groups'>,
  screens: string[],
): Promise<string> {
  const groupOf = (screen: string) =>
    (Object.entries(SCREEN_GROUPS) as Array<[ScreenGroup, readonly string[]]>).find(([, segments]) => segments.includes(screen))?.[0];
  const screenModules = Object.fromEntries(
    screens.flatMap((screen) => [groupOf(screen)].filter(Boolean).map((group) => [screen, app.groups[group!]])),
  );
  const urls = `export const app = ${JSON.stringify(app.script)}; export const modules = ${JSON.stringify(app.preload)}; export const screenModules = ${JSON.stringify(screenModules)}; export const catalogues = ${JSON.stringify(app.catalogues)};`;
  const result = await build({
    ...browserOptions(outdir),
    entryPoints: ['client/start.ts'],
    metafile: true,
    plugins: [buildTimeModule('client:start', urls)],
  });
  const [file] = Object.keys(result.metafile.outputs);
  if (!file) throw new Error('client/start.ts produced no script');
  return '/' + path.relative(outdir, path.resolve(root, file)).split(path.sep).join('/');
}

export async function buildClient(outdir = path.join(root, 'dist/client')): Promise<ClientOutputs> {
  await rm(outdir, { recursive: true, force: true });
  await mkdir(path.join(outdir, 'assets'), { recursive: true });
  const catalogues = await writeCatalogues(path.join(root, 'locales'), outdir);
  const plugins = [
    sideEffectFree('@simplewebauthn/browser'),
    buildTimeModule('locales:urls', `export default ${JSON.stringify(catalogues)};`),
    buildTimeModule('state-names:urls', `export default ${JSON.stringify(await writeStateNames(outdir))};`),
  ];
  const result = await build({ ...browserOptions(outdir), entryPoints: ['client/main.tsx'], splitting: true, metafile: true, plugins });
  const chunks = chunkOutputs(result.metafile, outdir);

  const catalogueFiles = Object.fromEntries(Object.entries(catalogues).map(([lang, url]) => [lang, path.join(outdir, url)])) as Record<
    Language,
    string
  >;
  const prerendered = await prerenderScreens(root, plugins, catalogueFiles);
  const screens = [...new Set(Object.values(prerendered).flatMap((byScreen) => Object.keys(byScreen)))];
  const start = screens.length > 0 ? await buildStartScript(outdir, { ...chunks, catalogues }, screens) : undefined;

  const outputs: ClientOutputs = { ...chunks, catalogues, prerendered, start };
  await writeShells(outdir, outputs, path.join(root, 'client/favicon.svg'), path.join(root, 'locales'));
  await precompress(outdir);
  return outputs;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outputs = await buildClient();
  const prerendered = Object.values(outputs.prerendered).map((byScreen) => Object.keys(byScreen).length);
  console.log(
    `client built for ${LANGUAGES.length} languages (${prerendered.reduce((a, b) => a + b, 0)} screens prerendered): ${outputs.script} (+${outputs.preload.length} chunks)${outputs.style ? `, ${outputs.style}` : ''}`,
  );
}
