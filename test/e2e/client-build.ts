import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildClient } from '../../scripts/build-client.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const cacheDir = join(root, 'node_modules/.cache/portal-client');

/** What the built client is made of: its sources, texts, build scripts and library versions. */
const INPUTS = ['client', 'shared', 'locales', 'scripts', 'package-lock.json'];

async function inputsHash(): Promise<string> {
  const hash = createHash('sha256');
  for (const input of INPUTS) {
    const at = join(root, input);
    const files = (await stat(at)).isDirectory()
      ? (await readdir(at, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name))
      : [at];
    for (const file of files.sort())
      hash
        .update(relative(root, file))
        .update('\0')
        .update(await readFile(file))
        .update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * Builds of other sources, left by earlier runs: removed once a day old (a run may still use a
 * recent one). A parallel test file may rename or remove its own build between the listing and
 * the look at it: an entry gone by then is skipped.
 */
async function removeStaleBuilds(keep: string) {
  const dayAgo = Date.now() - 24 * 3600_000;
  for (const entry of await readdir(cacheDir)) {
    const at = join(cacheDir, entry);
    const modified = (await stat(at).catch(() => undefined))?.mtimeMs;
    if (entry !== keep && modified !== undefined && modified < dayAgo) await rm(at, { recursive: true, force: true });
  }
}

async function buildOnce(): Promise<string> {
  const hash = await inputsHash();
  const dir = join(cacheDir, hash);
  if (await stat(dir).catch(() => undefined)) return dir;
  await mkdir(cacheDir, { recursive: true });
  const building = await mkdtemp(join(cacheDir, `building-${hash}-`));
  await buildClient(building);
  // Renamed into place whole: a parallel test file sees no build or a complete one. If another
  // process got there first, its build (of the same sources) is the one used.
  await rename(building, dir).catch(() => rm(building, { recursive: true, force: true }));
  await removeStaleBuilds(hash);
  return dir;
}

let built: Promise<string> | undefined;

/** Set by npm test's runner, which builds (or finds) the client once before the files run. */
export const CLIENT_DIR_VARIABLE = 'TEST_CLIENT_DIR';

/**
 * The client, built once per version of its sources and shared by every test process (the
 * directory's name is a hash of what it is built from). Never the project's dist/client, so a
 * developer's `npm run build` never replaces files a browser is loading. Under npm test the
 * runner has done this already: no test process hashes the sources again (a third of a second
 * each), and two browser tests starting together on a fresh clone do not both build it.
 */
export function builtClientDir(): Promise<string> {
  built ??= process.env[CLIENT_DIR_VARIABLE] ? Promise.resolve(process.env[CLIENT_DIR_VARIABLE]) : buildOnce();
  return built;
}
