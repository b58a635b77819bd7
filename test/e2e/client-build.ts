import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildClient } from '../../scripts/build-client.ts';

const CLIENT_DIR = join(import.meta.dirname, '../../dist/client');

/** The built client (`npm test` builds it first; a lone test file builds it when missing). */
export async function builtClientDir(): Promise<string> {
  if (!existsSync(join(CLIENT_DIR, 'index.html'))) await buildClient(CLIENT_DIR);
  return CLIENT_DIR;
}
