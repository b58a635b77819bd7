/**
 * Brotli and gzip variants of every text file of the built client, written beside it
 * (`x.js.br`, `x.js.gz`), so that the portal sends compressed bytes without compressing
 * per request. A variant that is not smaller than the file is not written.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const TEXT_FILE = /\.(?:js|css|html|svg|json|txt|map)$/;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function variants(file: string): Promise<void> {
  const bytes = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
    gzipAsync(bytes, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  await Promise.all([
    br.length < bytes.length ? writeFile(`${file}.br`, br) : undefined,
    gz.length < bytes.length ? writeFile(`${file}.gz`, gz) : undefined,
  ]);
}

export async function precompress(dir: string): Promise<void> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && TEXT_FILE.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
  await Promise.all(files.map(variants));
}
