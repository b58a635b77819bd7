/**
 * The portal's resident memory after many requests against after a tenth of them, each read
 * after a full garbage collection: growth per request or per session shows as a ratio above 1.
 * Without it, the reading depends on when the collector last ran: short-lived request data
 * that survived two young collections waits in the old generation for the next full one.
 * The mix is what browsers send: signed-in reads, page shells and files, reference data, and a
 * sign-in (a new session) in every hundred.
 */
import autocannon from 'autocannon';
import { setTimeout as sleep } from 'node:timers/promises';
import { collectGarbage } from './inspector.ts';
import type { BenchStack } from './stack.ts';

export interface MemoryGrowth {
  ratio: number;
  baselineRequests: number;
  totalRequests: number;
  baselineRss: number;
  totalRss: number;
  failures: number;
}

type Step = autocannon.Request & { count: number };

function mixedRequests(stack: BenchStack): autocannon.Request[] {
  const api = { 'x-requested-with': 'XMLHttpRequest', 'accept-encoding': 'br, gzip' };
  const signedIn = { ...api, cookie: stack.cookie };
  const steps: Step[] = [
    { count: 40, method: 'GET', path: '/api/Member', headers: signedIn },
    { count: 15, method: 'GET', path: '/api/Member/IsLogin', headers: signedIn },
    { count: 10, method: 'GET', path: '/api/Member/IsLogin', headers: api },
    { count: 10, method: 'GET', path: '/api/info/PortalConfig?lang=en', headers: api },
    { count: 10, method: 'GET', path: '/en/login?pass=rma', headers: { 'accept-encoding': 'br, gzip' } },
    { count: 10, method: 'GET', path: stack.client.script, headers: { 'accept-encoding': 'br, gzip' } },
    { count: 4, method: 'GET', path: '/api/info/V2/Countries/false', headers: api },
    {
      count: 1,
      method: 'POST',
      path: '/api/Member/Login',
      headers: { ...api, 'content-type': 'application/json', cookie: stack.returningCookie },
      body: JSON.stringify({ userId: stack.member.email, password: stack.member.password }),
    },
  ];
  return steps.flatMap(({ count, ...request }) => Array.from({ length: count }, () => request));
}

async function send(stack: BenchStack, amount: number, connections: number): Promise<number> {
  const result = await autocannon({ url: stack.portal.url, requests: mixedRequests(stack), amount, connections });
  return result.non2xx + result.errors + result.timeouts;
}

async function settledRss(stack: BenchStack): Promise<number> {
  // Let in-flight work and timers finish so both readings see a quiet process.
  await sleep(2_000);
  await collectGarbage(stack.portalInspectorPort);
  return stack.portal.rss();
}

export async function memoryGrowth(stack: BenchStack, totalRequests: number, connections: number): Promise<MemoryGrowth> {
  const baselineRequests = Math.round(totalRequests / 10);
  let failures = await send(stack, baselineRequests, connections);
  const baselineRss = await settledRss(stack);
  failures += await send(stack, totalRequests - baselineRequests, connections);
  const totalRss = await settledRss(stack);
  return { ratio: totalRss / baselineRss, baselineRequests, totalRequests, baselineRss, totalRss, failures };
}
