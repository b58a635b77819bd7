import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { isBrowserTest } from './browser-files.ts';
import { COMPILED_DIR, compiledPath } from './compile.ts';
import { COVERAGE_DIR, keepMeasuredCoverage } from './coverage.ts';
import { failuresOf, RESULTS_DIR, type FileResult } from './tap-results.ts';

/**
 * Runs test files the way tap's runner does (one process per file, TAP read from stdout,
 * `TAP_TIMEOUT` per file), but each file compiled beforehand (compile.ts) and run by Node alone,
 * without tsx's loader and without the two loaders tap's runner adds to every test process:
 * @tapjs/mock (no test mocks imports) and @tapjs/processinfo (tap's own coverage and
 * `--changed`; the suite's coverage is V8's, read by c8). Each passes every module load of the
 * process through its hook; together they cost a full-stack test file about a second of CPU at
 * start, times 220 files. `npx tap file` still runs any file alone with tap's runner and tsx.
 */

interface TapConfig {
  jobs: number;
  timeout: number;
  include: string[];
}

/** tap's settings in package.json: one place for jobs, per-file timeout and node arguments. */
export const tapConfig = (JSON.parse(readFileSync('package.json', 'utf8')) as { tap: TapConfig }).tap;

/** Last run's wall time per file: the next run starts the slowest first. */
const TIMINGS = 'test-results/timings.json';
/** A file still running this long after its start is killed, whatever timeout it set itself. */
const HARD_LIMIT_MS = 15 * 60_000;

/** Every test file tap would run (`include` globs of the form `dir/**\/*.suffix`), sorted. */
export function testFiles(): string[] {
  return tapConfig.include
    .flatMap((glob) => {
      const match = /^([^*]+)\/\*\*\/\*(\.[\w.]+)$/.exec(glob);
      if (!match) throw new Error(`package.json tap.include: ${glob} is not of the form dir/**/*.suffix`);
      const [, dir, suffix] = match as unknown as [string, string, string];
      return (readdirSync(dir, { recursive: true, withFileTypes: true }) as Array<{ name: string; parentPath: string; isFile(): boolean }>)
        .filter((entry) => entry.isFile() && entry.name.endsWith(suffix))
        .map((entry) => join(entry.parentPath, entry.name));
    })
    .sort();
}

function readTimings(): Record<string, number> {
  try {
    return JSON.parse(readFileSync(TIMINGS, 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
}

/**
 * Longest first, so that no long file starts last and runs alone at the end. Without timings
 * (a fresh clone) browser tests go first: they take about four times a server file's time.
 */
function slowestFirst(files: string[], browserFiles: Set<string>): string[] {
  const timings = readTimings();
  const weight = (file: string) => timings[file] ?? (browserFiles.has(file) ? 12_000 : 3_000);
  return [...files].sort((a, b) => weight(b) - weight(a));
}

/** Process groups of the files running now: a run that is stopped takes them along. */
const running = new Set<number>();

/** Ends a file's process group, if still there. */
function killGroup(pid: number) {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Ended on its own meanwhile.
  }
}

/** Ends every running test file with all it started (the runner was interrupted). */
export function stopRunningFiles() {
  for (const pid of running) killGroup(pid);
}

/** Measures a test process's coverage of the compiled sources (see the hook). */
const COVERAGE_HOOK = resolve('scripts/test-run/coverage-hook.mjs');

function runFile(
  file: string,
  jobId: number,
  env: NodeJS.ProcessEnv,
  { resultsDir, compiledDir, coverage }: { resultsDir: string; compiledDir: string; coverage: boolean },
): Promise<FileResult> {
  const tapPath = join(resultsDir, `${file}.tap`);
  mkdirSync(dirname(tapPath), { recursive: true });
  const out = createWriteStream(tapPath);
  const err = createWriteStream(join(resultsDir, `${file}.stderr`));
  const started = performance.now();
  // Its own process group, so that a file past the hard limit goes with everything it started.
  const hook = coverage ? [`--import=${COVERAGE_HOOK}`] : [];
  const child = spawn(process.execPath, [...hook, compiledPath(file, compiledDir)], {
    env: { ...env, TAP_TIMEOUT: String(tapConfig.timeout), TAP_JOB_ID: String(jobId) },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  if (child.pid) running.add(child.pid);
  child.stdout.pipe(out);
  child.stderr.pipe(err);
  const killer = setTimeout(() => child.pid && killGroup(child.pid), HARD_LIMIT_MS);
  return new Promise((done) => {
    child.on('close', (code, signal) => {
      clearTimeout(killer);
      if (child.pid) running.delete(child.pid);
      const ms = performance.now() - started;
      out.end(() => {
        const result: FileResult = { file, ms, failures: failuresOf(readFileSync(tapPath, 'utf8')) };
        if ((code !== 0 || signal) && result.failures.length === 0) {
          result.failures.push({ test: '(file)', message: `the process ended with ${signal ?? `code ${code}`}: see ${tapPath}` });
        }
        done(result);
      });
    });
  });
}

/** Runs the files, compiled beforehand into `compiledDir` (compileTests), `jobs` at a time, printing one line per file as it ends. */
export async function runFiles(
  files: string[],
  env: NodeJS.ProcessEnv,
  {
    resultsDir = RESULTS_DIR,
    compiledDir = COMPILED_DIR,
    log = console.log,
    coverage = false,
  }: {
    resultsDir?: string;
    compiledDir?: string;
    log?: (line: string) => void;
    /** Collect V8 coverage into COVERAGE_DIR. */
    coverage?: boolean;
  } = {},
): Promise<FileResult[]> {
  const browserFiles = new Set(files.filter(isBrowserTest));
  const queue = slowestFirst(files, browserFiles);
  let browsersRunning = 0;
  // While one job drives a browser, the others take server files while any are left: a browser
  // test spends much of its time waiting on pages, which a server file's CPU fills.
  const nextFile = () => {
    const at = browsersRunning > 0 ? queue.findIndex((file) => !browserFiles.has(file)) : 0;
    return queue.splice(Math.max(at, 0), 1)[0];
  };
  const results: FileResult[] = [];
  if (coverage) mkdirSync(COVERAGE_DIR, { recursive: true });
  const worker = async (jobId: number) => {
    // Each job's processes write their raw coverage apart, cut down as each file ends.
    const rawCoverage = resolve(`${COVERAGE_DIR}-raw`, `job-${jobId}`);
    const jobEnv = coverage ? { ...env, TEST_COVERAGE_DIR: rawCoverage, TEST_COMPILED_DIR: resolve(compiledDir) } : env;
    for (let file = nextFile(); file !== undefined; file = nextFile()) {
      const browser = browserFiles.has(file);
      if (browser) browsersRunning += 1;
      const result = await runFile(file, jobId, jobEnv, { resultsDir, compiledDir, coverage });
      if (browser) browsersRunning -= 1;
      if (coverage) keepMeasuredCoverage(rawCoverage);
      results.push(result);
      const status = result.failures.length === 0 ? 'ok    ' : 'not ok';
      log(`${status} ${(result.ms / 1000).toFixed(1).padStart(6)} s  ${file}`);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, tapConfig.jobs) }, (_, jobId) => worker(jobId)));
  return results.sort((a, b) => a.file.localeCompare(b.file));
}

/** Keeps this run's times for the next run's order (a subset run adds to what is known). */
export function saveTimings(results: FileResult[]) {
  const timings = readTimings();
  for (const result of results) timings[result.file] = Math.round(result.ms);
  for (const file of Object.keys(timings)) if (!existsSync(file)) delete timings[file];
  writeFileSync(TIMINGS, `${JSON.stringify(timings, null, 2)}\n`);
}
