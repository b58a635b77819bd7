import t from 'tap';
import { redisAvailable } from '../../helpers/redis.ts';
import { fuzzRoutes, MAX_REPLY_MS, routeKey, routesOf, startTarget } from './hostile-input-harness.ts';

// Every route of the portal and of the member service, as their own route tables list them
// (a new route is covered without touching this file), gets hostile requests: wrong types,
// missing and unknown fields, 10,000-character strings, deep nesting, NUL, bidi, surrogates,
// emoji, __proto__ keys, repeated query parameters, odd content types and charsets, paths
// spelt otherwise, huge headers (hostile-requests.ts). Every reply must be the envelope (or
// the page shell), under 2 s, with the portal's security headers and no 5xx, and a refused
// request must change neither the member tables nor the session store (hostile-input-harness.ts).
// A fixed seed keeps npm test repeatable; `npm run fuzz -- --runs N` runs longer with new seeds.
const SEED = 20_261_123;
const RUNS_PER_ROUTE = 15;

// Bounded for npm test (about 20 s of CPU); a machine busy with other work may stretch the wall time.
t.setTimeout(300_000);

if (!redisAvailable()) {
  t.test('hostile input on every route', { skip: 'redis-server is not installed' }, async () => {});
} else {
  const target = await startTarget(t);

  t.test('both route tables are enumerated', async (t) => {
    const keys = routesOf(target).map(routeKey);
    t.ok(keys.length >= 100, `${keys.length} routes`);
    for (const key of [
      'portal POST /api/Member/Login',
      'portal GET /*',
      'portal GET /readyz',
      'member-service POST /api/Member/Register',
      'member-service PUT /api/member',
    ]) {
      t.ok(keys.includes(key), key);
    }
  });

  t.test(
    `hostile requests never get a 5xx, a reply slower than ${MAX_REPLY_MS} ms or outside the envelope, nor change anything when refused`,
    async (t) => {
      const report = await fuzzRoutes(target, { seed: SEED, runsPerRoute: RUNS_PER_ROUTE });
      t.equal(
        report.requests,
        report.routes * RUNS_PER_ROUTE,
        `${report.requests} requests, replies ${JSON.stringify(report.statuses)}, slowest ${Math.round(report.slowestMs)} ms`,
      );
      t.ok((report.statuses['2xx'] ?? 0) > 0, 'some requests got through to a handler and succeeded');
      t.same(report.violations, [], `replay one route: npm run fuzz -- --seed ${SEED} --runs ${RUNS_PER_ROUTE} --route '<route>'`);
    },
  );
}
