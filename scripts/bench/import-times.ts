/**
 * How long a process takes to import the portal and the in-process member service, compiled
 * as the test run compiles them (`scripts/test-run/compile.ts`): every test process and every
 * instance start pays it. Each entry is imported in a fresh Node process, several times; the
 * medians of the wall time and of the process's CPU time (all threads) are printed. On a shared
 * machine the CPU time is the figure to compare. `npx tsx scripts/bench/import-times.ts [runs]`
 */
import { execFileSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { compiledPath, compileSources } from '../test-run/compile.ts';

const OUT_DIR = '.tap/import-times';
const ENTRIES = ['server/bff/app.ts', 'server/in-process-member-service.ts'];
const runs = Number(process.argv[2] ?? 5);

await compileSources(OUT_DIR);
const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
for (const entry of ENTRIES) {
  const url = pathToFileURL(resolve(compiledPath(entry, OUT_DIR))).href;
  const probe = [
    'const cpu = process.cpuUsage(), start = performance.now();',
    `await import(${JSON.stringify(url)});`,
    'const used = process.cpuUsage(cpu);',
    'console.log(JSON.stringify([performance.now() - start, (used.user + used.system) / 1000]));',
  ].join(' ');
  const samples = Array.from({ length: runs }, () => {
    const output = execFileSync(process.execPath, ['--input-type=module', '-e', probe], { encoding: 'utf8' });
    return JSON.parse(output.trim().split('\n').at(-1)!) as [number, number];
  });
  const wall = median(samples.map(([ms]) => ms));
  const cpu = median(samples.map(([, ms]) => ms));
  console.log(`${entry}: ${wall.toFixed(0)} ms wall, ${cpu.toFixed(0)} ms CPU (median of ${runs})`);
}
