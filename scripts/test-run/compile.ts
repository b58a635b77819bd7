import { readdir, readFile, rm } from 'node:fs/promises';
import { dirname, extname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

/**
 * The project's TypeScript compiled once per run into plain JavaScript, file by file, so that
 * each test process loads it with Node alone. Under `node --import=tsx` every module a process
 * loads, its libraries included, passes through tsx's resolve and load hooks on Node 20's loader
 * thread: about a second of a full-stack file's 3 s of CPU at start, paid again by each of the
 * suite's processes.
 *
 * Each source file becomes one module (`server/bff/app.ts` → `.tap/compiled/server/bff/app.mjs`)
 * with its source map, so stack traces and coverage name the TypeScript lines as before; imports
 * of other sources point at their compiled files, libraries stay imports from node_modules.
 * Child processes a test starts run the compiled entry too (test/helpers/server-entry.ts).
 */
export const COMPILED_DIR = '.tap/compiled';

/** The trees tests load code from. */
const SOURCE_TREES = ['server', 'shared', 'client', 'scripts', 'test'];
const SOURCE = /\.(ts|tsx)$/;

/** The compiled form of a source file (`test/x.test.ts` → `.tap/compiled/test/x.test.mjs`). */
export function compiledPath(file: string, outDir = COMPILED_DIR): string {
  return join(outDir, relative(process.cwd(), resolve(file)).replace(SOURCE, '.mjs'));
}

/** What `import.meta.url`, `dirname` and `filename` become: constants each file declares first. */
const OWN_LOCATION = { url: '__source_url', dirname: '__source_dirname', filename: '__source_filename' } as const;

/**
 * `import.meta.url` (and `dirname`, `filename`) of each file stay its source's, as under tsx:
 * code finds the locales, fixtures and READMEs beside it. (esbuild's `define` replaces them in
 * the code, never in strings or comments; the constants go on the file's first line, so its
 * other lines keep their numbers.) An import of another source becomes one of its compiled
 * file; an import of anything else (a `.mjs` helper) one of the file itself; both by absolute
 * URL, so no code is ever bundled into a file that is not its own. (A dynamic import must name
 * its module: esbuild would bundle the matches of a template literal's pattern into the importer.)
 */
const fileByFile = (outDir: string): Plugin => ({
  name: 'file-by-file',
  setup(builder) {
    builder.onLoad({ filter: SOURCE }, async ({ path }) => {
      const text = await readFile(path, 'utf8');
      const own = { url: pathToFileURL(path).href, dirname: dirname(path), filename: path };
      const constants = (Object.keys(OWN_LOCATION) as Array<keyof typeof own>)
        .map((name) => `${OWN_LOCATION[name]} = ${JSON.stringify(own[name])}`)
        .join(', ');
      return {
        contents: text.includes('import.meta') ? `const ${constants}; ${text}` : text,
        loader: extname(path) === '.tsx' ? 'tsx' : 'ts',
      };
    });
    builder.onResolve({ filter: /^\.\.?\// }, ({ path, importer, kind }) => {
      if (kind === 'entry-point') return undefined;
      const target = resolve(dirname(importer), path);
      const compiled = SOURCE.test(target) ? resolve(compiledPath(target, outDir)) : target;
      return { path: pathToFileURL(compiled).href, external: true };
    });
  },
});

async function sourceFiles(): Promise<string[]> {
  const lists = await Promise.all(
    SOURCE_TREES.map(async (tree) =>
      (await readdir(tree, { recursive: true, withFileTypes: true }))
        .filter((entry) => entry.isFile() && SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts'))
        .map((entry) => join(entry.parentPath, entry.name)),
    ),
  );
  return lists.flat();
}

/** Compiles every source file; one esbuild cannot compile fails the run before any test starts. */
export async function compileSources(outDir = COMPILED_DIR): Promise<void> {
  await rm(outDir, { recursive: true, force: true });
  await build({
    entryPoints: (await sourceFiles()).map((file) => resolve(file)),
    outbase: process.cwd(),
    outdir: outDir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    // As tsx: function and class names survive (logs, Fastify plugin names, error names).
    keepNames: true,
    sourcemap: 'linked',
    sourcesContent: false,
    logLevel: 'error',
    define: Object.fromEntries(Object.entries(OWN_LOCATION).map(([name, constant]) => [`import.meta.${name}`, constant])),
    plugins: [fileByFile(outDir)],
  });
}
