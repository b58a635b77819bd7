/**
 * The hostile-input suite (test/security/v2-validation) for as long as you like:
 *   npm run fuzz -- --runs 500                 500 hostile requests per route, a new seed
 *   npm run fuzz -- --seed 123 --runs 500      the same requests again
 *   npm run fuzz -- --route 'portal POST /api/Member/Login'   only routes whose name contains this
 * Prints the seed first, so that any run can be replayed; exits 1 when a property broke.
 */
import { parseArgs } from 'node:util';
import { fuzzRoutes, startTarget } from '../test/security/v2-validation/hostile-input-harness.ts';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '200' }, seed: { type: 'string' }, route: { type: 'string' } },
});
const runsPerRoute = Number(values.runs);
const seed = values.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(values.seed);
if (!Number.isInteger(runsPerRoute) || runsPerRoute < 1 || !Number.isInteger(seed)) {
  console.error('usage: npm run fuzz -- [--runs N] [--seed S] [--route TEXT]');
  process.exit(2);
}
console.log(
  `seed ${seed} (replay: npm run fuzz -- --seed ${seed} --runs ${runsPerRoute}${values.route ? ` --route '${values.route}'` : ''})`,
);

const cleanups: Array<() => unknown> = [];
const target = await startTarget({ teardown: (fn) => cleanups.push(fn) });
const started = Date.now();
let report;
try {
  report = await fuzzRoutes(target, {
    seed,
    runsPerRoute,
    routes: values.route ? (key) => key.includes(values.route!) : undefined,
    progress: (line) => console.log(line),
  });
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup();
}

console.log(
  `\n${report.requests} requests to ${report.routes} routes in ${Math.round((Date.now() - started) / 1000)} s; ` +
    `replies ${JSON.stringify(report.statuses)}; slowest ${Math.round(report.slowestMs)} ms`,
);
for (const violation of report.violations) {
  console.log(
    `\n✗ ${violation.route}\n  ${violation.request}\n  ${violation.problems.join('\n  ')}\n  (seed ${violation.seed}, path ${violation.path})`,
  );
}
console.log(
  report.violations.length === 0 ? '\nno property broke' : `\n${report.violations.length} route(s) broke a property; seed ${seed}`,
);
process.exit(report.violations.length === 0 ? 0 : 1);
