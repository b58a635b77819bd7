/**
 * Drives mixed traffic through two portal instances and two member-service instances sharing
 * Redis and PostgreSQL (all started here, on loopback) and prints one table: throughput, p50 and
 * p99 per route, errors, resident memory of each process, and the checks afterwards: no
 * registration answered ok is missing from the database, wrong passwords spread over both
 * portals lock the account at the spec's threshold, memory stays flat after the warm-up. Exits
 * non-zero when a check fails (the logs are then kept).
 *
 *   npm run load [-- --seconds 60 --users 8 --warmup 15]
 *
 * --seconds: the whole run; --users: virtual users, each a browser with a member of its own;
 * --warmup: seconds before the memory reading that the end is compared with (default a quarter).
 */
import { availableParallelism, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { LOCKOUT_MAX_FAILURES } from '../shared/limits.ts';
import { markdownTable, mib, perSecond, type Row } from './bench/table.ts';
import { dispatcher } from './load/browser.ts';
import { lockoutAcrossInstances, lostRegistrations } from './load/checks.ts';
import { startLoadCluster } from './load/cluster.ts';
import { createActiveMember, createActiveMembers } from './load/members.ts';
import { driveTraffic } from './load/traffic.ts';

/** Resident memory at the end over after the warm-up, at most. */
const RSS_GROWTH_LIMIT = 1.2;

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '60' },
    users: { type: 'string', default: '8' },
    warmup: { type: 'string' },
  },
});
const seconds = Number(values.seconds);
const users = Number(values.users);
const warmupSeconds = Number(values.warmup ?? Math.max(5, Math.round(seconds / 4)));
for (const [name, value] of Object.entries({ seconds, users, warmup: warmupSeconds }))
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name}: a positive number`);
if (warmupSeconds >= seconds) throw new Error('--warmup: shorter than --seconds');

const ms = (value: number) => `${Math.round(value)} ms`;

async function main(): Promise<boolean> {
  console.log(`load average at start: ${loadavg()[0]!.toFixed(2)} (on ${availableParallelism()} cores)`);
  console.log('Starting PostgreSQL, Redis, 2 member services and 2 portals ...');
  const cluster = await startLoadCluster();
  let passed = false;
  try {
    const processes = [...cluster.portals, ...cluster.memberServices];
    const readRss = async () => new Map(await Promise.all(processes.map(async (p) => [p.name, await p.rss()] as const)));

    console.log(`Registering and activating ${users + 1} members ...`);
    const members = await createActiveMembers(cluster, users);
    const lockoutMember = await createActiveMember(cluster);

    const startRss = await readRss();
    let warmRss = startRss;
    console.log(`Mixed traffic for ${seconds} s from ${users} users (memory read again after ${warmupSeconds} s) ...`);
    const traffic = await driveTraffic({
      cluster,
      members,
      seconds,
      warmupSeconds,
      onWarm: async () => {
        warmRss = await readRss();
      },
    });
    const endRss = await readRss();

    const rows: Row[] = [];
    const routes = traffic.stats.summary().sort((a, b) => a.route.localeCompare(b.route));
    const total = routes.reduce((sum, route) => sum + route.requests, 0);
    const errors = routes.reduce((sum, route) => sum + route.errors, 0);
    rows.push({
      measure: 'throughput, all routes',
      value: `${total.toLocaleString('en')} requests, ${perSecond(total / traffic.seconds)}`,
      target: '—',
    });
    for (const route of routes)
      rows.push({
        measure: route.route,
        value: `${route.requests.toLocaleString('en')} (${perSecond(route.requests / traffic.seconds)}), p50 ${ms(route.p50)}, p99 ${ms(route.p99)}, ${route.errors} errors`,
        target: '0 errors',
        met: route.errors === 0,
      });
    rows.push({ measure: 'errors, all routes', value: String(errors), target: '0', met: errors === 0 });
    for (const process of processes) {
      const [start, warm, end] = [startRss, warmRss, endRss].map((readings) => readings.get(process.name)!);
      const growth = end! / warm!;
      rows.push({
        measure: `RSS ${process.name}: start / after warm-up / end`,
        value: `${mib(start!)} / ${mib(warm!)} / ${mib(end!)} (end ÷ warm-up ${growth.toFixed(2)})`,
        target: `≤ ${RSS_GROWTH_LIMIT.toFixed(2)}`,
        met: growth <= RSS_GROWTH_LIMIT,
      });
    }

    console.log('Checking the database and the lockout ...');
    const lost = await lostRegistrations(cluster.databaseUrl, traffic.registered);
    rows.push({
      measure: 'registrations answered ok, missing from the database',
      value: `${lost.length} of ${traffic.registered.length.toLocaleString('en')}`,
      target: '0',
      met: lost.length === 0,
    });
    const lockout = await lockoutAcrossInstances(cluster, lockoutMember);
    rows.push({
      measure: `wrong passwords alternating between the portals lock at the ${LOCKOUT_MAX_FAILURES}th`,
      value: lockout ?? `locked, and refused on both`,
      target: 'AccountLock',
      met: lockout === undefined,
    });

    console.log(`\n${markdownTable(rows)}\n`);
    if (traffic.stats.errorKinds.size > 0) {
      console.log('Unexpected replies:');
      for (const [kind, count] of traffic.stats.errorKinds) console.log(`  ${count} × ${kind}`);
    }
    if (lost.length > 0) console.log(`Missing registrations: ${lost.slice(0, 10).join(', ')}${lost.length > 10 ? ', …' : ''}`);
    console.log(`load average at end: ${loadavg()[0]!.toFixed(2)}`);
    passed = rows.every((row) => row.met !== false);
    if (!passed) console.log(`Checks failed; logs in ${cluster.dir}`);
    return passed;
  } finally {
    await dispatcher.close();
    await cluster.stop(!passed);
  }
}

process.exitCode = (await main()) ? 0 : 1;
