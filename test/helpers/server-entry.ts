import path from 'node:path';
import { COMPILED_DIR } from '../../scripts/test-run/compile.ts';

/**
 * The script a child process runs (`startService`, `scriptArgs` of scripts/bench/processes.ts):
 * under the suite's runner every source is compiled before any test starts, and a test file
 * runs as its compiled module; its children then run the compiled entry with Node alone,
 * without tsx transforming each of the ~1,000 modules a server loads (about 2 s of CPU per
 * process on this machine). Their coverage is mapped back to the sources by the compiled
 * modules' source maps, as the test process's own. A file run alone (`npx tap file`) keeps the
 * TypeScript entry, run with tsx: a compiled tree left from an earlier run may be stale.
 */
export function serverEntry(script: string): string {
  const compiledRoot = path.resolve(COMPILED_DIR);
  const runsCompiled = process.argv[1]?.startsWith(compiledRoot + path.sep) ?? false;
  return runsCompiled ? path.join(compiledRoot, script.replace(/\.tsx?$/, '.mjs')) : script;
}
