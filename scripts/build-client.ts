/**
 * Builds the browser client: client/main.tsx -> dist/client, ESM with code splitting,
 * minified, content-hashed files under dist/client/assets/, and an index.html that
 * references them, each text file also brotli- and gzip-compressed. The page has no inline
 * script or style (the CSP allows 'self' only).
 */
import { build, type Metafile, type Plugin } from 'esbuild';
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGES, isLanguage } from '../shared/languages.ts';
import { precompress } from './precompress.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const LOCALE_PREFIX = 'locales:';

/**
 * `import('locales:<lang>')` resolves to all of locales/<lang>/*.json merged into one
 * object keyed by file name, so each language is one lazily loaded chunk.
 */
export function localesPlugin(localesDir: string): Plugin {
  return {
    name: 'locales',
    setup(b) {
      b.onResolve({ filter: /^locales:/ }, (args) => ({ path: args.path.slice(LOCALE_PREFIX.length), namespace: 'locales' }));
      b.onLoad({ filter: /.*/, namespace: 'locales' }, async (args) => {
        if (!isLanguage(args.path)) return { errors: [{ text: `unknown language ${args.path}` }] };
        const dir = path.join(localesDir, args.path);
        const files = (await readdir(dir)).filter((f) => f.endsWith('.json')).sort();
        const merged: Record<string, unknown> = {};
        for (const file of files) merged[file.slice(0, -'.json'.length)] = JSON.parse(await readFile(path.join(dir, file), 'utf8'));
        return { contents: `export default ${JSON.stringify(merged)};`, loader: 'js', watchFiles: files.map((f) => path.join(dir, f)) };
      });
    },
  };
}

export interface ClientOutputs {
  script: string;
  style?: string;
  icon: string;
  /** Chunks the entry imports statically: preloaded so the browser fetches them in parallel. */
  preload: string[];
}

function entryOutputs(metafile: Metafile, outdir: string): Omit<ClientOutputs, 'icon'> {
  const url = (file: string) => '/' + path.relative(outdir, path.resolve(root, file)).split(path.sep).join('/');
  const staticImports = (file: string, seen: Set<string>): Set<string> => {
    for (const imported of metafile.outputs[file]?.imports ?? []) {
      if (imported.kind !== 'import-statement' || seen.has(imported.path)) continue;
      seen.add(imported.path);
      staticImports(imported.path, seen);
    }
    return seen;
  };
  for (const [file, output] of Object.entries(metafile.outputs)) {
    if (output.entryPoint === 'client/main.tsx' && file.endsWith('.js')) {
      return {
        script: url(file),
        style: output.cssBundle ? url(output.cssBundle) : undefined,
        preload: [...staticImports(file, new Set())].sort().map(url),
      };
    }
  }
  throw new Error('client/main.tsx produced no script');
}

/** The icon gets a content hash like the bundles, so it can be cached for good too. */
async function writeIcon(outdir: string): Promise<string> {
  const svg = await readFile(path.join(root, 'client/favicon.svg'));
  const name = `assets/favicon-${createHash('sha256').update(svg).digest('hex').slice(0, 8)}.svg`;
  await writeFile(path.join(outdir, name), svg);
  return `/${name}`;
}

function indexHtml({ script, style, icon, preload }: ClientOutputs): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<title>Member Portal</title>',
    `<link rel="icon" type="image/svg+xml" href="${icon}">`,
    style ? `<link rel="stylesheet" href="${style}">` : '',
    ...preload.map((chunk) => `<link rel="modulepreload" href="${chunk}">`),
    `<script type="module" src="${script}"></script>`,
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

export async function buildClient(outdir = path.join(root, 'dist/client')): Promise<ClientOutputs> {
  await rm(outdir, { recursive: true, force: true });
  await mkdir(outdir, { recursive: true });
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
    plugins: [localesPlugin(path.join(root, 'locales'))],
  });
  const outputs = { ...entryOutputs(result.metafile, outdir), icon: await writeIcon(outdir) };
  await writeFile(path.join(outdir, 'index.html'), indexHtml(outputs));
  await precompress(outdir);
  return outputs;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outputs = await buildClient();
  console.log(`client built for ${LANGUAGES.length} languages: ${outputs.script}${outputs.style ? `, ${outputs.style}` : ''}`);
}
