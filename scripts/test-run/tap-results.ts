import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Where tap keeps the raw TAP of each test file of the latest run (`.tap/test-results/<file>.tap`). */
export const RESULTS_DIR = '.tap/test-results';

export interface Failure {
  /** The top-level test that failed, or `(file)` when the file itself broke (crash, timeout, plan). */
  test: string;
  /** The first lines of tap's report of the failure. */
  message: string;
}

export interface FileResult {
  file: string;
  /** Wall time of the file as tap measured it, in milliseconds. */
  ms: number;
  failures: Failure[];
}

function tapFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return tapFiles(path);
    return name.endsWith('.tap') ? [path] : [];
  });
}

/** The diagnostic block (YAML between `---` and `...`) that follows a `not ok` line, shortened. */
function diagnosticAfter(lines: string[], index: number): string {
  const block: string[] = [];
  for (let i = index + 1; i < lines.length && block.length < 12; i += 1) {
    const line = lines[i]!;
    if (/^\s*\.\.\.\s*$/.test(line)) break;
    if (/^\s*(ok|not ok) \d/.test(line) && !/^\s*---/.test(line)) break;
    if (!/^\s*---\s*$/.test(line)) block.push(line.trim());
  }
  return block.join('\n');
}

/**
 * Reads one file's TAP. A top-level `not ok` names the failing test; the first nested `not ok`
 * under it names the assertion, whose diagnostic is the message.
 */
export function parseTap(file: string, text: string): FileResult {
  const lines = text.split('\n');
  const time = /^# time=([\d.]+)ms/m.exec(
    text
      .split('\n')
      .reverse()
      .find((line) => line.startsWith('# time=')) ?? '',
  );
  const failures: Failure[] = [];
  let firstNested: string | undefined;
  for (const [index, line] of lines.entries()) {
    const nested = /^\s+not ok \d+ - (.*)$/.exec(line);
    if (nested && firstNested === undefined) firstNested = `${nested[1]}\n${diagnosticAfter(lines, index)}`;
    const top = /^not ok \d+ - (.*?)(?: # time=[\d.]+ms)?$/.exec(line);
    if (top) {
      failures.push({ test: top[1]!, message: (firstNested ?? diagnosticAfter(lines, index)).slice(0, 2_000) });
      firstNested = undefined;
    }
  }
  const complete = /^1\.\.\d+/m.test(text) && time !== null;
  if (!complete && failures.length === 0) {
    failures.push({ test: '(file)', message: `the file ended without completing its plan:\n${lines.slice(-12).join('\n')}` });
  }
  return { file, ms: time ? Number(time[1]) : 0, failures };
}

/** Every test file's result of the latest tap run. */
export function readResults(root = process.cwd()): FileResult[] {
  const dir = join(root, RESULTS_DIR);
  return tapFiles(dir).map((path) => parseTap(relative(dir, path).replace(/\.tap$/, ''), readFileSync(path, 'utf8')));
}
