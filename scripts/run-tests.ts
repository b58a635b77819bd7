/**
 * npm test's run of the tap suite (`scripts/run-tests.sh`; file paths as arguments run only those
 * files).
 *
 * - The sources are compiled to JavaScript once (test-run/compile.ts); each test file runs in a
 *   process of its own as tap's runner would start it, with Node alone instead of tsx's and
 *   tap's loaders, two at a time, the slowest first (test-run/run-files.ts).
 * - One PostgreSQL (with a migrated template database) and one Redis serve the whole run
 *   (test-run/engines.ts); test files find them through the environment.
 * - A test that fails fails the run. Only browser tests (test-run/browser-files.ts) are run once
 *   more, and every such retry is written to test-results/flaky.json and listed at the end,
 *   whether the retry passed or not. test/quarantine.json is the one way to keep a known flaky
 *   test from failing the run; it is listed at the end too.
 * - Coverage is collected from every test process (V8, read by c8) and each tree's line
 *   threshold is enforced on a full run (test-run/coverage.ts).
 * - The client the browser tests load is built (or found in its cache) once, before the files run.
 * - The hostile-input suite gets a new seed per run, printed first; HOSTILE_INPUT_SEED replays it.
 * - The slowest ten files are printed with their wall times (process start to exit).
 */
import { randomInt } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { builtClientDir, CLIENT_DIR_VARIABLE } from '../test/e2e/client-build.ts';
import { isBrowserTest } from './test-run/browser-files.ts';
import { compileSources } from './test-run/compile.ts';
import { checkCoverage, COVERAGE_DIR } from './test-run/coverage.ts';
import { startRunEngines } from './test-run/engines.ts';
import { quarantined, readQuarantine, type QuarantineEntry } from './test-run/quarantine.ts';
import { runFiles, saveTimings, stopRunningFiles, testFiles } from './test-run/run-files.ts';
import { RESULTS_DIR, type Failure, type FileResult } from './test-run/tap-results.ts';

const FLAKY_REPORT = 'test-results/flaky.json';

interface Retry {
  file: string;
  test: string;
  firstFailure: string;
  retry: 'passed' | 'failed';
}

const minutes = (ms: number) => `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;

const runStarted = Date.now();
const files = process.argv.slice(2);
const runAll = files.length === 0;
const seed = process.env.HOSTILE_INPUT_SEED ?? String(randomInt(2 ** 31));
console.log(`# hostile-input seed ${seed} (replay: HOSTILE_INPUT_SEED=${seed} npm test)`);

const quarantine = readQuarantine();
for (const dir of [RESULTS_DIR, COVERAGE_DIR, `${COVERAGE_DIR}-raw`]) rmSync(dir, { recursive: true, force: true });
mkdirSync('test-results', { recursive: true });

const toRun = runAll ? testFiles() : files;
// The compiled sources, the client the browser tests load (built or found once for all of
// them) and the engines are prepared side by side: none needs another.
const enginesStarting = startRunEngines();
enginesStarting.catch(() => undefined); // awaited below; not an unhandled rejection meanwhile
let client: Record<string, string> = {};
try {
  const [, clientDir] = await Promise.all([compileSources(), toRun.some(isBrowserTest) ? builtClientDir() : undefined]);
  if (clientDir) client = { [CLIENT_DIR_VARIABLE]: clientDir };
} catch (error) {
  await enginesStarting.then((engines) => engines.stop()).catch(() => undefined);
  throw error;
}
const engines = await enginesStarting;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    stopRunningFiles();
    void engines.stop().finally(() => process.exit(130));
  });
}

const env: NodeJS.ProcessEnv = {
  ...process.env,
  ...engines.env,
  ...client,
  HOSTILE_INPUT_SEED: seed,
  // The compiled files' source maps, so that stack traces and coverage name the TypeScript lines.
  NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --enable-source-maps`.trim(),
};

let firstRun: FileResult[];
let retried: FileResult[] = [];
let coverage: ReturnType<typeof checkCoverage>;
try {
  firstRun = await runFiles(toRun, env, { coverage: true });
  saveTimings(firstRun);
  coverage = checkCoverage();

  const retryFiles = firstRun.filter((result) => result.failures.length > 0 && isBrowserTest(result.file)).map((result) => result.file);
  if (retryFiles.length > 0) {
    console.log(`\n# Browser tests failed; running them once more: ${retryFiles.join(' ')}`);
    retried = await runFiles(retryFiles, env);
  }
} finally {
  await engines.stop();
}

const finalFailures = new Map<string, Failure[]>();
for (const result of firstRun) {
  const again = retried.find((r) => r.file === result.file);
  const failures = again ? again.failures : result.failures;
  if (failures.length > 0) finalFailures.set(result.file, failures);
}

const retries: Retry[] = retried.flatMap((again) =>
  firstRun
    .find((r) => r.file === again.file)!
    .failures.map((failure) => ({
      file: again.file,
      test: failure.test,
      firstFailure: failure.message,
      retry: again.failures.some((f) => f.test === failure.test || f.test === '(file)') ? ('failed' as const) : ('passed' as const),
    })),
);
writeFileSync(FLAKY_REPORT, `${JSON.stringify({ seed, retries }, null, 2)}\n`);

const failing: Array<{ file: string; test: string; message: string }> = [];
const tolerated: Array<{ file: string; test: string; entry: QuarantineEntry }> = [];
for (const [file, failures] of finalFailures) {
  for (const failure of failures) {
    const entry = quarantined(quarantine, file, failure.test);
    if (entry) tolerated.push({ file, test: failure.test, entry });
    else failing.push({ file, test: failure.test, message: failure.message });
  }
}

console.log('\n# ─── Summary ───');
console.log(`# ${firstRun.length} test files in ${minutes(Date.now() - runStarted)}; hostile-input seed ${seed}`);

console.log('\n# Slowest ten files (wall time):');
for (const result of [...firstRun].sort((a, b) => b.ms - a.ms).slice(0, 10)) {
  console.log(`#   ${(result.ms / 1000).toFixed(1).padStart(6)} s  ${result.file}`);
}

console.log(`\n# Flaky browser tests (retried once, ${FLAKY_REPORT}): ${retries.length === 0 ? 'none' : ''}`);
for (const retry of retries) {
  console.log(`#   ${retry.retry === 'passed' ? 'passed on retry' : 'failed again  '}  ${retry.file} › ${retry.test}`);
  console.log(`#     first failure: ${retry.firstFailure.split('\n').slice(0, 3).join(' | ')}`);
}

console.log(`\n# Quarantined (${'test/quarantine.json'}): ${quarantine.length === 0 ? 'none' : ''}`);
for (const entry of quarantine) {
  const failed = tolerated.some((t) => t.entry === entry);
  console.log(
    `#   ${entry.file}${entry.test ? ` › ${entry.test}` : ''} (since ${entry.date}${failed ? ', failed this run' : ''}): ${entry.reason}`,
  );
}

const enforceCoverage = runAll;
let coverageMet = true;
if (coverage) {
  console.log(`\n# Coverage (lines; thresholds ${enforceCoverage ? 'enforced' : 'not enforced on a subset'}):`);
  for (const tree of coverage) {
    console.log(`\n# ${tree.tree}/ — lines ${tree.lines} % (threshold ${tree.threshold} %)${tree.met ? '' : '  ✗ below the threshold'}`);
    console.log(tree.summary);
    if (!tree.met && enforceCoverage) coverageMet = false;
  }
} else {
  console.log('\n# Coverage: no test file loaded a file of server/ or shared/');
  coverageMet = !enforceCoverage;
}

if (failing.length > 0) {
  console.log(`\n# Failed (${failing.length}):`);
  for (const failure of failing) {
    console.log(`#   ${failure.file} › ${failure.test}`);
    console.log(failure.message.replace(/^/gm, '#     '));
    console.log(`#     (all of it: ${RESULTS_DIR}/${failure.file}.tap and .stderr)`);
  }
}
const ok = failing.length === 0 && coverageMet;
console.log(`\n# ${ok ? 'PASS' : 'FAIL'} in ${minutes(Date.now() - runStarted)}`);
process.exit(ok ? 0 : 1);
