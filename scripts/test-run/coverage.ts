import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { COMPILED_DIR } from './compile.ts';

/**
 * What c8 reads: V8's coverage of each test process (coverage-hook.mjs) and of every process it
 * starts (NODE_V8_COVERAGE), cut down to the measured trees (keepMeasuredCoverage). tap's own
 * coverage loses the source maps, so c8 reads the raw data instead.
 */
export const COVERAGE_DIR = '.tap/v8-coverage';
const REPORT_DIR = '.tap/coverage-report';

/**
 * Line coverage each tree must keep. Measured over every source file of the tree, loaded by a
 * test or not (`--all`), so a file no test imports counts as uncovered. Raise a figure when the
 * measured one has grown; never lower it to let a change through.
 */
export const COVERAGE_THRESHOLDS = [
  { tree: 'server', lines: 85 },
  { tree: 'shared', lines: 95 },
] as const;

interface SourceMapEntry {
  /** The map itself; its `sources` are relative to the map file at `url`. */
  data?: { sources?: string[] };
  url?: string;
}

interface V8Coverage {
  result: Array<{ url: string }>;
  'source-map-cache'?: Record<string, SourceMapEntry>;
}

/**
 * Where the coverage of a source that a process ran with tsx (a server a test starts as a child
 * process, `node --import=tsx server/start.ts`) is filed: apart from the compiled modules' under
 * the source's own name. V8 coverage is merged by script name before it is mapped, and the two
 * compilations of one source have different offsets and source maps; c8 maps each by its map,
 * and istanbul then merges both into the source's lines by location.
 */
const RUN_FROM_SOURCE_DIR = '.tap/run-from-source';

/**
 * The name a measured script's coverage is filed under, or undefined to leave it out:
 * - a compiled module (compile.ts compiles file by file, one source per map) under its
 *   TypeScript source's name, as it was when tsx ran every test file: c8 counts the source as
 *   loaded (`--all` adds no empty report for it) and maps the lines the same way;
 * - a source run with tsx under RUN_FROM_SOURCE_DIR, its map naming the source by its full URL;
 * - nothing else: libraries, tests, and scripts without a source map.
 */
function measuredName(url: string, map: SourceMapEntry | undefined, prefixes: { compiled: string; measured: string[]; cwd: string }) {
  const onlySource = map?.data?.sources?.length === 1 ? new URL(map.data.sources[0]!, map.url ?? url).href : undefined;
  const isMeasured = (at: string) => prefixes.measured.some((prefix) => at.startsWith(prefix));
  if (url.startsWith(prefixes.compiled)) return onlySource && isMeasured(onlySource) ? { url: onlySource, source: onlySource } : undefined;
  // Without its source map, a compiled script cannot be mapped back.
  if (!isMeasured(url) || !map) return undefined;
  return { url: `${prefixes.cwd}${RUN_FROM_SOURCE_DIR}/${url.slice(prefixes.cwd.length)}`, source: onlySource ?? url };
}

/**
 * Moves the raw coverage files a test file's processes wrote in `rawDir` to `outDir`, with
 * only the scripts of the measured trees and their source maps (measuredName). A process's raw
 * file is mostly its libraries' scripts and source maps (about 19 MB of a full-stack file's 20);
 * cut down as each file ends, while the other job runs, c8 reads a twentieth of it at the end.
 */
export function keepMeasuredCoverage(rawDir: string, outDir = COVERAGE_DIR) {
  if (!existsSync(rawDir)) return;
  const cwd = `${pathToFileURL(process.cwd()).href}/`;
  const prefixes = {
    cwd,
    compiled: `${cwd}${COMPILED_DIR}/`,
    measured: COVERAGE_THRESHOLDS.map(({ tree }) => `${cwd}${tree}/`),
  };
  for (const name of readdirSync(rawDir)) {
    const path = join(rawDir, name);
    let coverage: V8Coverage;
    try {
      coverage = JSON.parse(readFileSync(path, 'utf8')) as V8Coverage;
    } catch {
      // A process killed while writing leaves no readable coverage (c8 would skip it too).
      continue;
    } finally {
      rmSync(path, { force: true });
    }
    const maps = coverage['source-map-cache'] ?? {};
    const keptMaps: Record<string, SourceMapEntry> = {};
    coverage.result = coverage.result.flatMap((script) => {
      const map = maps[script.url];
      const kept = measuredName(script.url, map, prefixes);
      if (!kept) return [];
      if (map) keptMaps[kept.url] = { ...map, data: { ...map.data, sources: [kept.source] } };
      return [{ ...script, url: kept.url }];
    });
    coverage['source-map-cache'] = keptMaps;
    if (coverage.result.length > 0) writeFileSync(join(outDir, name), JSON.stringify(coverage));
  }
}

interface Counts {
  total: number;
  covered: number;
}
type Metric = 'lines' | 'statements' | 'functions' | 'branches';

export interface CoverageResult {
  tree: string;
  /** Per cent of lines covered, two decimals. */
  lines: number;
  threshold: number;
  met: boolean;
  summary: string;
}

const percent = ({ total, covered }: Counts) => (total === 0 ? 100 : Math.floor((covered / total) * 10_000) / 100);

/** One c8 report over both trees, then a summary per tree. */
export function checkCoverage(): CoverageResult[] | undefined {
  // No test loaded a file of the measured trees: nothing for c8 to map.
  if (!existsSync(COVERAGE_DIR) || readdirSync(COVERAGE_DIR).length === 0) return undefined;
  const trees = COVERAGE_THRESHOLDS.map(({ tree }) => tree);
  const run = spawnSync(
    process.execPath,
    [
      'node_modules/c8/bin/c8.js',
      'report',
      `--temp-directory=${COVERAGE_DIR}`,
      `--report-dir=${REPORT_DIR}`,
      '--reporter=json-summary',
      '--all',
      '--exclude-after-remap',
      '--exclude=**/*.d.ts',
      // Merged file by file, not all in memory.
      '--merge-async',
      ...trees.flatMap((tree) => [`--src=${tree}`, `--include=${tree}/**`]),
    ],
    { encoding: 'utf8' },
  );
  if (run.status !== 0) throw new Error(`c8 report failed: ${run.stderr}`);
  const files = JSON.parse(readFileSync(`${REPORT_DIR}/coverage-summary.json`, 'utf8')) as Record<string, Record<Metric, Counts>>;
  return COVERAGE_THRESHOLDS.map(({ tree, lines: threshold }) => {
    const sums: Record<Metric, Counts> = {
      lines: { total: 0, covered: 0 },
      statements: { total: 0, covered: 0 },
      functions: { total: 0, covered: 0 },
      branches: { total: 0, covered: 0 },
    };
    for (const [file, metrics] of Object.entries(files)) {
      if (file === 'total' || !relative(process.cwd(), file).startsWith(`${tree}/`)) continue;
      for (const metric of Object.keys(sums) as Metric[]) {
        sums[metric].total += metrics[metric].total;
        sums[metric].covered += metrics[metric].covered;
      }
    }
    const summary = (Object.keys(sums) as Metric[])
      .map(
        (metric) =>
          `#   ${metric.padEnd(10)} ${String(percent(sums[metric])).padStart(6)} % (${sums[metric].covered}/${sums[metric].total})`,
      )
      .join('\n');
    const lines = percent(sums.lines);
    return { tree, lines, threshold, met: lines >= threshold, summary };
  });
}
