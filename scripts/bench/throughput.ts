/**
 * Requests per second, always next to a yardstick measured in the same run on the same machine:
 * the portal's authenticated read against a bare proxy, and end-to-end password sign-ins against
 * raw argon2id verifications with the member service's own parameters.
 */
import autocannon from 'autocannon';
import path from 'node:path';
import { encodePassword } from '../../server/common/password-encoding.ts';
import { LOCKOUT_MAX_FAILURES } from '../../shared/limits.ts';
import { hashPassword, verifyPassword } from '../../server/member-service/security/passwords.ts';
import { freePort } from '../../test/helper.ts';
import { startService } from './processes.ts';
import type { BenchStack } from './stack.ts';

interface Rate {
  perSecond: number;
  failures: number;
}

export interface Comparison {
  ratio: number;
  measured: Rate;
  yardstick: Rate;
}

async function load(options: autocannon.Options): Promise<Rate> {
  const result = await autocannon(options);
  const done = result.requests.total;
  return { perSecond: done / (result.duration || 1), failures: result.non2xx + result.errors + result.timeouts };
}

/** Authenticated `GET /api/Member`: the portal against @fastify/reply-from doing only the proxying. */
export async function portalVersusBareProxy(stack: BenchStack, seconds: number, connections: number): Promise<Comparison> {
  const login = await fetch(`${stack.memberService.url}/api/Member/Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-service-key': stack.serviceKey },
    body: JSON.stringify({ userId: stack.member.email, password: encodePassword(stack.member.password, stack.passwordEncodingKey) }),
  });
  const token = ((await login.json()) as { data?: { token?: string } }).data?.token;
  if (!token) throw new Error('the member service gave the bare proxy no token');
  const port = await freePort();
  const proxy = await startService({
    name: 'bare-proxy',
    script: 'scripts/bench/bare-proxy.ts',
    url: `http://127.0.0.1:${port}`,
    readyPath: '/',
    logDir: stack.dir,
    env: { UPSTREAM_URL: stack.memberService.url, SERVICE_KEY: stack.serviceKey, MEMBER_TOKEN: token, PORT: String(port) },
  });
  try {
    const portalUrl = stack.portal.url;
    const headers = { cookie: stack.cookie, 'x-requested-with': 'XMLHttpRequest', 'accept-encoding': 'br, gzip' };
    // Warm both up (JIT, connection pools) before measuring.
    await load({ url: `${portalUrl}/api/Member`, headers, duration: 2, connections });
    await load({ url: `http://127.0.0.1:${port}/api/Member`, duration: 2, connections });
    const measured = await load({ url: `${portalUrl}/api/Member`, headers, duration: seconds, connections });
    const yardstick = await load({ url: `http://127.0.0.1:${port}/api/Member`, duration: seconds, connections });
    return { ratio: measured.perSecond / yardstick.perSecond, measured, yardstick };
  } finally {
    await proxy.stop();
  }
}

/** As many argon2id verifications as `concurrency` callers get done in `seconds`. */
async function argon2Verifies(password: string, seconds: number, concurrency: number): Promise<Rate> {
  const hash = await hashPassword(password);
  let done = 0;
  let failures = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        if (await verifyPassword(hash, password)) done += 1;
        else failures += 1;
      }
    }),
  );
  return { perSecond: done / ((performance.now() - started) / 1000), failures };
}

/** Password sign-ins through the portal against raw argon2id verifications, at the same concurrency. */
export async function signInsVersusArgon2(stack: BenchStack, seconds: number, concurrency: number): Promise<Comparison> {
  // The lockout admits that many password checks of one account at a time and locks on the next
  // (server/bff/sign-in/lockout.ts), right password or not: the bench signs one member in.
  if (concurrency > LOCKOUT_MAX_FAILURES)
    throw new Error(`--concurrency: at most ${LOCKOUT_MAX_FAILURES} sign-ins of one account at a time`);
  const portalUrl = stack.portal.url;
  const signIn = {
    url: `${portalUrl}/api/Member/Login`,
    method: 'POST' as const,
    // A browser that signed in before: a known device (a new one gets the member a mail).
    headers: {
      'content-type': 'application/json',
      'x-requested-with': 'XMLHttpRequest',
      'accept-encoding': 'br, gzip',
      cookie: stack.returningCookie,
    },
    body: JSON.stringify({ userId: stack.member.email, password: stack.member.password }),
    connections: concurrency,
  };
  await load({ ...signIn, duration: 2 });
  const yardstick = await argon2Verifies(stack.member.password, seconds, concurrency);
  const measured = await load({ ...signIn, duration: seconds });
  const check = await fetch(signIn.url, { method: 'POST', headers: signIn.headers, body: signIn.body });
  const code = ((await check.json()) as { code?: string }).code;
  if (code !== 'ok') throw new Error(`sign-ins stopped succeeding during the run (${code}); see ${path.join(stack.dir, 'portal.log')}`);
  return { ratio: measured.perSecond / yardstick.perSecond, measured, yardstick };
}
