/**
 * CPU time per request of the portal and the member service, from /proc: robust to a machine
 * loaded by other work, which throughput ratios are not. For password sign-ins (a returning
 * browser, so no new-device mail) and authenticated `GET /api/Member` reads, it prints the
 * portal process's CPU (all threads), the member service's main thread (its request handling,
 * SQL, logging) and the member service's other threads (argon2id hashing), each per request.
 * `npx tsx scripts/bench/cpu-per-request.ts [sign-ins] [reads]`
 */
import { readFile } from 'node:fs/promises';
import autocannon from 'autocannon';
import { startBenchStack, stopBenchStack, type BenchStack } from './stack.ts';

const signIns = Number(process.argv[2] ?? 400);
const reads = Number(process.argv[3] ?? 20_000);
/** Clock ticks per second of /proc's times (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** utime + stime of a process (all threads) or one of its threads, in ms. */
async function cpuMs(statFile: string): Promise<number> {
  const stat = await readFile(statFile, 'utf8');
  // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

async function snapshot(stack: BenchStack) {
  const { portal, memberService } = stack;
  return {
    portal: await cpuMs(`/proc/${portal.pid}/stat`),
    memberMain: await cpuMs(`/proc/${memberService.pid}/task/${memberService.pid}/stat`),
    memberAll: await cpuMs(`/proc/${memberService.pid}/stat`),
  };
}

async function measure(stack: BenchStack, label: string, count: number, options: autocannon.Options) {
  await autocannon({ ...options, amount: Math.min(200, count) });
  const before = await snapshot(stack);
  const result = await autocannon({ ...options, amount: count });
  const after = await snapshot(stack);
  const failures = result.non2xx + result.errors + result.timeouts;
  const per = (key: keyof typeof before) => (((after[key] - before[key]) / count) * 1000).toFixed(0).padStart(6);
  console.log(
    `${label}: portal ${per('portal')} µs, member service main thread ${per('memberMain')} µs,` +
      ` member service other threads ${(((after.memberAll - before.memberAll - (after.memberMain - before.memberMain)) / count) * 1000).toFixed(0)} µs` +
      ` per request (${count} requests, ${failures} failed)`,
  );
}

const stack = await startBenchStack();
try {
  const headers = { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', 'accept-encoding': 'br, gzip' };
  await measure(stack, 'password sign-in', signIns, {
    url: `${stack.portal.url}/api/Member/Login`,
    method: 'POST',
    headers: { ...headers, cookie: stack.returningCookie },
    body: JSON.stringify({ userId: stack.member.email, password: stack.member.password }),
    connections: 2,
  });
  await measure(stack, 'GET /api/Member   ', reads, {
    url: `${stack.portal.url}/api/Member`,
    headers: { ...headers, cookie: stack.cookie },
    connections: 8,
  });
} finally {
  await stopBenchStack(stack);
}
