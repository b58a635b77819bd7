/**
 * What it costs to know who the member is when My account is painted: the portal requests the
 * browser makes for it (`IsLogin`, the member read) until the network is quiet, and the calls to
 * the member service that one member read makes (the portal's own upstream histogram on its
 * metrics listener, read before and after). The sections' own data is counted apart.
 */
import type { Browser } from 'playwright-core';
import { measurePageLoad } from './page-load.ts';

const UPSTREAM_COUNT = /^portal_upstream_request_duration_seconds_count\{[^}]*\} (\d+)$/gm;
const MEMBER_STATE = / \/api\/Member(\/IsLogin)?( |$)/i;

async function upstreamCalls(metricsUrl: string): Promise<number> {
  const text = await (await fetch(metricsUrl)).text();
  return [...text.matchAll(UPSTREAM_COUNT)].reduce((sum, [, count]) => sum + Number(count), 0);
}

export interface MyAccountPaint {
  memberStateRequests: number;
  upstreamCallsPerMemberRead: number;
  apiRequests: number;
}

export async function myAccountPaint(
  browser: Browser,
  portalUrl: string,
  metricsUrl: string,
  cookieHeader: string,
): Promise<MyAccountPaint> {
  const cookies = cookieHeader.split('; ').map((pair) => {
    const at = pair.indexOf('=');
    return { name: pair.slice(0, at), value: pair.slice(at + 1), url: portalUrl };
  });
  const load = await measurePageLoad(browser, `${portalUrl}/en/my-account`, cookies);
  const api = load.urls.filter((line) => / \/api\//.test(line));

  const before = await upstreamCalls(metricsUrl);
  const read = await fetch(`${portalUrl}/api/Member`, { headers: { cookie: cookieHeader } });
  if (read.status !== 200) throw new Error(`the member read answered ${read.status}`);
  const after = await upstreamCalls(metricsUrl);

  return {
    memberStateRequests: api.filter((line) => MEMBER_STATE.test(line)).length,
    upstreamCallsPerMemberRead: after - before,
    apiRequests: api.length,
  };
}
