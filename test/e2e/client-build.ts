import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildClient } from '../../scripts/build-client.ts';

let built: Promise<string> | undefined;

/**
 * The client built once per test process into a directory of its own, so that parallel test
 * files and a developer's `npm run build` never replace files a browser is loading.
 */
export function builtClientDir(): Promise<string> {
  built ??= (async () => {
    const dir = mkdtempSync(join(tmpdir(), 'portal-client-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    await buildClient(dir);
    return dir;
  })();
  return built;
}
