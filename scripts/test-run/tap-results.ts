/** The raw TAP and stderr of each test file of the latest run (`.tap/test-results/<file>.tap`, `.stderr`). */
export const RESULTS_DIR = '.tap/test-results';

export interface Failure {
  /** The top-level test that failed, or `(file)` when the file itself broke (crash, timeout, plan). */
  test: string;
  /** The first lines of tap's report of the failure. */
  message: string;
}

export interface FileResult {
  file: string;
  /** Wall time of the file's process, start to exit, in milliseconds. */
  ms: number;
  failures: Failure[];
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
export function failuresOf(text: string): Failure[] {
  const lines = text.split('\n');
  // The root test prints its `# time=` last: without it the process ended before the file did.
  const ended = /^# time=[\d.]+ms/m.test(text);
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
  const complete = /^1\.\.\d+/m.test(text) && ended;
  if (!complete && failures.length === 0) {
    failures.push({ test: '(file)', message: `the file ended without completing its plan:\n${lines.slice(-12).join('\n')}` });
  }
  return failures;
}
