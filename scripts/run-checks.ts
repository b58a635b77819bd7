/**
 * npm test's checks before the suite: the npm scripts named as arguments (type check, lint,
 * format, locales, client build), two at a time (one per core of the machines this project
 * is tested on), the longest first. Each is single-threaded and none reads what another
 * writes, so run one after the other they left a core idle for about half a minute. Each
 * script's output is printed whole when it ends; any failure fails the run once all have ended.
 */
import { spawn } from 'node:child_process';

const JOBS = 2;

interface Outcome {
  script: string;
  code: number | null;
  seconds: number;
  output: string;
}

function runScript(script: string): Promise<Outcome> {
  const started = performance.now();
  const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk));
  return new Promise((done) => {
    child.on('close', (code) => done({ script, code, seconds: (performance.now() - started) / 1000, output }));
  });
}

// In the order given: the caller lists the longest first.
const queue = process.argv.slice(2);
if (queue.length === 0) throw new Error('usage: run-checks.ts <npm script>…');
const outcomes: Outcome[] = [];
await Promise.all(
  Array.from({ length: JOBS }, async () => {
    for (let script = queue.shift(); script !== undefined; script = queue.shift()) {
      const outcome = await runScript(script);
      outcomes.push(outcome);
      const verdict = outcome.code === 0 ? 'ok    ' : 'not ok';
      console.log(
        `${verdict} ${outcome.seconds.toFixed(1).padStart(5)} s  npm run ${script}${outcome.code === 0 ? '' : ` (exit code ${outcome.code})`}`,
      );
      if (outcome.output.trim() !== '') console.log(outcome.output.trimEnd().replace(/^/gm, '  '));
    }
  }),
);
process.exit(outcomes.every((outcome) => outcome.code === 0) ? 0 : 1);
