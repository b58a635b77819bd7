/**
 * Measures the portal against the targets of its performance budget and prints one table:
 * measure, value, target, met or not. It loads both cores for a few minutes: run it when the
 * machine is otherwise quiet. Ratios compare two things measured in the same run.
 *
 *   npm run bench [-- --seconds 10 --connections 20 --concurrency 4 --requests 100000 --profile DIR]
 *   npm run bench -- --quick          (short runs, 20,000 mixed requests)
 */
import { availableParallelism, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { launchBrowser } from '../test/e2e/browser.ts';
import { audit, type LighthouseResult } from './bench/lighthouse.ts';
import { memoryGrowth } from './bench/memory.ts';
import { measurePageLoad } from './bench/page-load.ts';
import { startBenchStack, stopBenchStack } from './bench/stack.ts';
import { kib, markdownTable, mib, perSecond, seconds, type Row } from './bench/table.ts';
import { portalVersusBareProxy, signInsVersusArgon2 } from './bench/throughput.ts';

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    seconds: { type: 'string' },
    connections: { type: 'string', default: '20' },
    concurrency: { type: 'string', default: '4' },
    requests: { type: 'string' },
    profile: { type: 'string' },
  },
});
const loadSeconds = Number(values.seconds ?? (values.quick ? 3 : 10));
const connections = Number(values.connections);
const concurrency = Number(values.concurrency);
const mixedRequests = Number(values.requests ?? (values.quick ? 20_000 : 100_000));

const teardowns: Array<() => unknown> = [];
const lifetime = { teardown: (fn: () => unknown) => teardowns.unshift(fn) };

async function main() {
  console.log(`load average at start: ${loadavg()[0]!.toFixed(2)} (on ${availableParallelism()} cores; near 0 is quiet)`);
  const stack = await startBenchStack({ profileDir: values.profile });
  lifetime.teardown(() => stopBenchStack(stack));
  const base = stack.portal.url;
  const rows: Row[] = [];
  const at = (target: number, value: number, atMost: boolean) => (atMost ? value <= target : value >= target);

  console.log('Lighthouse (mobile, simulated slow 4G) ...');
  const pages: Array<[string, string, string?]> = [
    ['/en/login', `${base}/en/login`],
    ['/en/register', `${base}/en/register`],
    ['/en/my-account (signed in)', `${base}/en/my-account`, stack.cookie],
    ['/ja-jp/login', `${base}/ja-jp/login`],
  ];
  let login: LighthouseResult | undefined;
  for (const [name, url, cookie] of pages) {
    const result = await audit(url, cookie);
    login ??= result;
    rows.push({ measure: `Lighthouse performance, ${name}`, value: String(result.score), target: '≥ 95', met: at(95, result.score, false) });
  }
  if (login) {
    rows.push({ measure: 'first contentful paint (login)', value: seconds(login.fcpMs), target: '≤ 1.50 s', met: at(1500, login.fcpMs, true) });
    rows.push({ measure: 'largest contentful paint (login)', value: seconds(login.lcpMs), target: '≤ 2.00 s', met: at(2000, login.lcpMs, true) });
  }

  console.log('What the login page fetches ...');
  const browser = await launchBrowser(lifetime);
  const page = await measurePageLoad(browser, `${base}/en/login`);
  rows.push({ measure: 'requests to show /en/login', value: `${page.requests} (${page.scripts} scripts)`, target: '≤ 8', met: at(8, page.requests, true) });
  rows.push({ measure: 'longest chain of scripts waiting on each other', value: String(page.importDepth), target: '≤ 2', met: at(2, page.importDepth, true) });
  rows.push({ measure: 'JavaScript of the login page, as sent', value: kib(page.scriptBytes), target: '≤ 90.0 KiB', met: at(90 * 1024, page.scriptBytes, true) });
  rows.push({ measure: 'its translation catalogue (JSON), as sent', value: kib(page.catalogueBytes), target: '—' });

  console.log(`GET /api/Member, ${loadSeconds} s each, ${connections} connections ...`);
  const read = await portalVersusBareProxy(stack, loadSeconds, connections);
  rows.push({
    measure: 'authenticated GET /api/Member, portal ÷ bare proxy',
    value: `${read.ratio.toFixed(2)} (${perSecond(read.measured.perSecond)} vs ${perSecond(read.yardstick.perSecond)})`,
    target: '≥ 0.90',
    met: at(0.9, read.ratio, false) && read.measured.failures === 0,
  });

  console.log(`Password sign-ins against argon2id verifications, ${loadSeconds} s each, ${concurrency} at a time ...`);
  const signIns = await signInsVersusArgon2(stack, loadSeconds, concurrency);
  rows.push({
    measure: 'password sign-ins ÷ raw argon2id verifies',
    value: `${signIns.ratio.toFixed(2)} (${perSecond(signIns.measured.perSecond)} vs ${perSecond(signIns.yardstick.perSecond)})`,
    target: '≥ 0.90',
    met: at(0.9, signIns.ratio, false) && signIns.measured.failures === 0,
  });

  console.log(`${mixedRequests.toLocaleString('en')} mixed requests ...`);
  const memory = await memoryGrowth(stack, mixedRequests, connections);
  rows.push({
    measure: `portal RSS after ${memory.totalRequests.toLocaleString('en')} ÷ after ${memory.baselineRequests.toLocaleString('en')} mixed requests`,
    value: `${memory.ratio.toFixed(2)} (${mib(memory.totalRss)} vs ${mib(memory.baselineRss)})`,
    target: '≤ 1.20',
    met: at(1.2, memory.ratio, true) && memory.failures === 0,
  });
  const failures = read.measured.failures + signIns.measured.failures + memory.failures;
  if (failures > 0) console.log(`warning: ${failures} requests failed; see ${stack.dir}`);

  console.log(`\n${markdownTable(rows)}\n`);
  console.log(`load average at end: ${loadavg()[0]!.toFixed(2)}`);
}

try {
  await main();
} finally {
  for (const fn of teardowns) await fn();
}
