/**
 * Measures the portal against the targets of its performance budget and prints one table:
 * measure, value, target, met or not. It loads both cores for a few minutes: run it when the
 * machine is otherwise quiet. Ratios compare two things measured in the same run.
 *
 *   npm run bench [-- --seconds 10 --connections 20 --concurrency 4 --requests 100000 --lighthouse-runs 3 --profile DIR]
 *   npm run bench -- --quick                (short runs, one Lighthouse run a page, 20,000 mixed requests)
 *   npm run bench -- --only read,sign-in    (some of: lighthouse, page, read, sign-in, memory)
 *
 * --seconds: each side of a throughput ratio (run in alternating one-second slices);
 * --connections: for the authenticated read and the mixed requests; --concurrency: sign-ins and
 * argon2id verifications at a time (at most 5: one member signs in, and the lockout locks an
 * account on its sixth password check at a time);
 * --requests: the mixed requests of the memory measure (read after a tenth of them and after
 * all); --lighthouse-runs: audits of each page, of which the median run counts; --profile:
 * write CPU profiles (--cpu-prof) of the portal and the member service to DIR.
 */
import { availableParallelism, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { launchBrowser } from '../test/e2e/browser.ts';
import { audit, type LighthouseResult } from './bench/lighthouse.ts';
import { memoryGrowth } from './bench/memory.ts';
import { myAccountPaint } from './bench/my-account-paint.ts';
import { measurePageLoad } from './bench/page-load.ts';
import { startBenchStack, stopBenchStack, type BenchStack } from './bench/stack.ts';
import { kib, markdownTable, mib, perSecond, seconds, type Row } from './bench/table.ts';
import { readsVersusBareProxy, signInsVersusArgon2, type Comparison } from './bench/throughput.ts';
import { LANGUAGES } from '../shared/languages.ts';

const SECTIONS = ['lighthouse', 'page', 'read', 'sign-in', 'memory'] as const;
type Section = (typeof SECTIONS)[number];

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    seconds: { type: 'string' },
    connections: { type: 'string', default: '20' },
    concurrency: { type: 'string', default: '4' },
    requests: { type: 'string' },
    'lighthouse-runs': { type: 'string' },
    profile: { type: 'string' },
    only: { type: 'string', default: SECTIONS.join(',') },
  },
});
const loadSeconds = Number(values.seconds ?? (values.quick ? 3 : 10));
const connections = Number(values.connections);
const concurrency = Number(values.concurrency);
const mixedRequests = Number(values.requests ?? (values.quick ? 20_000 : 100_000));
const lighthouseRuns = Number(values['lighthouse-runs'] ?? (values.quick ? 1 : 3));
const sections = new Set(values.only.split(',').map((name) => name.trim()));
for (const name of sections)
  if (!SECTIONS.includes(name as Section)) throw new Error(`--only: no section ${name} (${SECTIONS.join(', ')})`);

const teardowns: Array<() => unknown> = [];
const lifetime = { teardown: (fn: () => unknown) => teardowns.unshift(fn) };
const met = (target: number, value: number, atMost: boolean) => (atMost ? value <= target : value >= target);

async function lighthouseRows(stack: BenchStack): Promise<Row[]> {
  console.log(`Lighthouse (mobile, simulated slow 4G), ${lighthouseRuns} runs a page ...`);
  const base = stack.portal.url;
  // Every language of the three screens most visitors see, and the way company sites send theirs (with a callback URL).
  const pages: Array<[string, string, string?]> = [
    ...LANGUAGES.flatMap((lang): Array<[string, string, string?]> => [
      [`/${lang}/login`, `${base}/${lang}/login`],
      [`/${lang}/register`, `${base}/${lang}/register`],
      [`/${lang}/my-account (signed in)`, `${base}/${lang}/my-account`, stack.cookie],
    ]),
    [
      '/en/login?callbackurl=… (a company site sends its visitors)',
      `${base}/en/login?callbackurl=${encodeURIComponent('https://shop.example.com/')}`,
    ],
  ];
  const rows: Row[] = [];
  let login: LighthouseResult | undefined;
  for (const [name, url, cookie] of pages) {
    const result = await audit(url, cookie, lighthouseRuns);
    login ??= result;
    const spread = result.runs > 1 ? ` (runs ${result.lowest}–${result.highest})` : '';
    rows.push({
      measure: `Lighthouse performance, ${name}`,
      value: `${result.score}${spread}`,
      target: '≥ 98',
      met: met(98, result.score, false),
    });
  }
  if (login) {
    rows.push({
      measure: 'first contentful paint (login)',
      value: seconds(login.fcpMs),
      target: '≤ 1.50 s',
      met: met(1500, login.fcpMs, true),
    });
    rows.push({
      measure: 'largest contentful paint (login)',
      value: seconds(login.lcpMs),
      target: '≤ 2.00 s',
      met: met(2000, login.lcpMs, true),
    });
  }
  return rows;
}

async function pageRows(stack: BenchStack): Promise<Row[]> {
  console.log('What the login page fetches ...');
  const browser = await launchBrowser(lifetime);
  const page = await measurePageLoad(browser, `${stack.portal.url}/en/login`);
  const paint = await myAccountPaint(browser, stack.portal.url, stack.metricsUrl, stack.cookie);
  return [
    {
      measure: 'requests to show /en/login',
      value: `${page.requests} (${page.scripts} scripts)`,
      target: '≤ 8',
      met: met(8, page.requests, true),
    },
    {
      measure: 'longest chain of scripts waiting on each other',
      value: String(page.importDepth),
      target: '≤ 2',
      met: met(2, page.importDepth, true),
    },
    {
      measure: 'JavaScript of the login page, as sent',
      value: kib(page.scriptBytes),
      target: '≤ 95.0 KiB',
      met: met(95 * 1024, page.scriptBytes, true),
    },
    { measure: 'its translation catalogue (JSON), as sent', value: kib(page.catalogueBytes), target: '—' },
    {
      measure: 'portal requests · upstream calls to know the member on My account',
      value: `${paint.memberStateRequests} · ${paint.upstreamCallsPerMemberRead} (${paint.apiRequests} API requests with the sections' data)`,
      target: '1 · 1',
      met: paint.memberStateRequests <= 1 && paint.upstreamCallsPerMemberRead <= 1,
    },
  ];
}

async function readRows(stack: BenchStack): Promise<{ rows: Row[]; failures: number }> {
  console.log(`GET /api/Member, ${loadSeconds} s each, ${connections} connections ...`);
  const { portal, sessionFloor } = await readsVersusBareProxy(stack, loadSeconds, connections);
  const value = (c: Comparison) => `${c.ratio.toFixed(2)} (${perSecond(c.measured.perSecond)} vs ${perSecond(c.yardstick.perSecond)})`;
  const rows = [
    {
      measure: 'authenticated GET /api/Member, portal ÷ bare proxy',
      value: value(portal),
      target: '≥ 0.75',
      met: met(0.75, portal.ratio, false),
    },
    // What the session layer alone leaves of the bare proxy's rate: the ceiling for any portal keeping its sessions so.
    { measure: "the same, the portal's session layer alone ÷ bare proxy", value: value(sessionFloor), target: '—' },
  ];
  return { rows, failures: portal.measured.failures + portal.yardstick.failures + sessionFloor.measured.failures };
}

async function signInRows(stack: BenchStack): Promise<{ rows: Row[]; failures: number }> {
  console.log(`Password sign-ins against argon2id verifications, ${loadSeconds} s each, ${concurrency} at a time ...`);
  const { raw, hashingThreads } = await signInsVersusArgon2(stack, loadSeconds, concurrency);
  const value = (c: Comparison) => `${c.ratio.toFixed(2)} (${perSecond(c.measured.perSecond)} vs ${perSecond(c.yardstick.perSecond)})`;
  const rows = [
    { measure: 'password sign-ins ÷ raw argon2id verifies', value: value(raw), target: '≥ 0.85', met: met(0.85, raw.ratio, false) },
    // The same sign-ins against hashing scheduled as the member service schedules it: the stack's own share.
    { measure: "password sign-ins ÷ verifies in the member service's hashing threads", value: value(hashingThreads), target: '—' },
  ];
  return { rows, failures: raw.measured.failures + raw.yardstick.failures + hashingThreads.yardstick.failures };
}

async function memoryRows(stack: BenchStack): Promise<{ rows: Row[]; failures: number }> {
  console.log(`${mixedRequests.toLocaleString('en')} mixed requests ...`);
  const memory = await memoryGrowth(stack, mixedRequests, connections);
  const row = {
    measure: `portal RSS after ${memory.totalRequests.toLocaleString('en')} ÷ after ${memory.baselineRequests.toLocaleString('en')} mixed requests`,
    value: `${memory.ratio.toFixed(2)} (${mib(memory.totalRss)} vs ${mib(memory.baselineRss)})`,
    target: '≤ 1.20',
    met: met(1.2, memory.ratio, true),
  };
  return { rows: [row], failures: memory.failures };
}

async function main() {
  console.log(`load average at start: ${loadavg()[0]!.toFixed(2)} (on ${availableParallelism()} cores; near 0 is quiet)`);
  const stack = await startBenchStack({ profileDir: values.profile });
  let failures = 0;
  // A run with failed requests keeps its logs.
  lifetime.teardown(() => stopBenchStack(stack, failures > 0));
  if (values.profile)
    console.log(
      `CPU profiles go to ${values.profile}: the portal's carry ${stack.portal.pid}, the member service's ${stack.memberService.pid}`,
    );

  const rows: Row[] = [];
  if (sections.has('lighthouse')) rows.push(...(await lighthouseRows(stack)));
  if (sections.has('page')) rows.push(...(await pageRows(stack)));
  for (const [name, measure] of [
    ['read', readRows],
    ['sign-in', signInRows],
    ['memory', memoryRows],
  ] as const) {
    if (!sections.has(name)) continue;
    const result = await measure(stack);
    // A measure with failed requests did not measure what it says.
    rows.push(
      ...result.rows.map((row) => (result.failures > 0 ? { ...row, met: false, value: `${row.value}, ${result.failures} failed` } : row)),
    );
    failures += result.failures;
  }
  if (failures > 0) console.log(`warning: ${failures} requests failed; see the logs in ${stack.dir}`);

  console.log(`\n${markdownTable(rows)}\n`);
  console.log(`load average at end: ${loadavg()[0]!.toFixed(2)}`);
}

try {
  await main();
} finally {
  for (const fn of teardowns) await fn();
}
