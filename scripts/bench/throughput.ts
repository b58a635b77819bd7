/**
 * Requests per second, always next to a yardstick measured in the same run on the same machine:
 * the portal's authenticated read against a bare proxy (and, as a floor, against the portal's
 * session layer alone), and end-to-end password sign-ins against raw argon2id verifications with
 * the member service's own parameters.
 *
 * The two sides of a ratio run in alternating one-second slices (A B B A A B ...), not one after
 * the other: what else the machine does, and how fast its cores run, then weighs on both alike.
 */
import { verify } from '@node-rs/argon2';
import autocannon from 'autocannon';
import path from 'node:path';
import { encodePassword } from '../../server/common/password-encoding.ts';
import { LOCKOUT_MAX_FAILURES } from '../../shared/limits.ts';
import { passwordHasher } from '../../server/member-service/security/passwords.ts';
import { freePort } from '../../test/helper.ts';
import { startService, type Service } from './processes.ts';
import { signedInBrowser, startPortal, type BenchStack } from './stack.ts';

/** The cost the member service hashes with in production. */
const argon2id = passwordHasher('production');

interface Rate {
  perSecond: number;
  failures: number;
}

/** What one slice of load got done. */
interface Slice {
  done: number;
  failures: number;
  seconds: number;
}

const SLICE_SECONDS = 1;

/**
 * The portal and the bare proxy each run in this many processes, each side's slices taking turns
 * among its processes: one process runs up to 14 % faster or slower than another started the
 * same way, for as long as it lives, and a side drawn from a single process moved the read ratio
 * by as much.
 */
const PROCESSES_A_SIDE = 3;

export interface Comparison {
  ratio: number;
  measured: Rate;
  yardstick: Rate;
}

async function load(options: autocannon.Options): Promise<Slice> {
  const result = await autocannon(options);
  return { done: result.requests.total, failures: result.non2xx + result.errors + result.timeouts, seconds: result.duration || 1 };
}

/**
 * Runs `measured` and each yardstick in alternating slices for `seconds` each, and compares the
 * rate of `measured` with each yardstick's.
 */
async function interleaved(
  seconds: number,
  measured: () => Promise<Slice>,
  ...yardsticks: Array<() => Promise<Slice>>
): Promise<Comparison[]> {
  const sides = [measured, ...yardsticks];
  const totals = sides.map(() => [] as Slice[]);
  for (let round = 0; round < Math.max(1, Math.round(seconds / SLICE_SECONDS)); round += 1) {
    // Each round starts one side later, so no side always runs on a machine another just heated.
    for (let turn = 0; turn < sides.length; turn += 1) {
      const side = (round + turn) % sides.length;
      totals[side]!.push(await sides[side]!());
    }
  }
  const rate = (slices: Slice[]): Rate => ({
    perSecond: slices.reduce((sum, s) => sum + s.done, 0) / slices.reduce((sum, s) => sum + s.seconds, 0),
    failures: slices.reduce((sum, s) => sum + s.failures, 0),
  });
  const [m, ...ys] = totals.map(rate);
  return ys.map((y) => ({ ratio: m!.perSecond / y.perSecond, measured: m!, yardstick: y }));
}

export interface ReadComparisons {
  /** The portal against @fastify/reply-from doing only the proxying. */
  portal: Comparison;
  /** The session floor (session-floor.ts: the portal's session layer and member-service client alone) against the same proxy. */
  sessionFloor: Comparison;
}

/** Authenticated `GET /api/Member` through the portal, the session floor and the bare proxy, in alternating slices. */
export async function readsVersusBareProxy(stack: BenchStack, seconds: number, connections: number): Promise<ReadComparisons> {
  const login = await fetch(`${stack.memberService.url}/api/Member/Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-service-key': stack.serviceKey },
    body: JSON.stringify({ userId: stack.member.email, password: encodePassword(stack.member.password, stack.passwordEncodingKey) }),
  });
  const token = ((await login.json()) as { data?: { token?: string } }).data?.token;
  if (!token) throw new Error('the member service gave the bare proxy no token');
  const env = { UPSTREAM_URL: stack.memberService.url, SERVICE_KEY: stack.serviceKey, MEMBER_TOKEN: token };
  const start = async (script: string, name = script) => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    return startService({
      name,
      script: `scripts/bench/${script}.ts`,
      url,
      readyPath: '/',
      logDir: stack.dir,
      env: { ...env, PORT: String(port) },
    });
  };
  // Every process started is stopped at the end, also when a later one fails to start.
  const started: Service[] = [];
  const keep = (service: Service) => {
    started.push(service);
    return service;
  };
  try {
    // One after the other: a port is free until a process takes it.
    const proxies: Service[] = [];
    for (let index = 1; index <= PROCESSES_A_SIDE; index += 1) proxies.push(keep(await start('bare-proxy', `bare-proxy-${index}`)));
    const morePortals: Service[] = [];
    for (let index = 2; index <= PROCESSES_A_SIDE; index += 1)
      morePortals.push(keep(await startPortal(stack, { name: `portal-${index}` })));
    const floor = keep(await start('session-floor'));
    // All get the same request, a signed-in browser's (each portal's and the floor's session has a cookie of its own).
    const headers = { cookie: stack.cookie, 'x-requested-with': 'XMLHttpRequest', 'accept-encoding': 'br, gzip' };
    const portals = [
      { url: stack.portal.url, headers },
      ...(await Promise.all(
        morePortals.map(async (portal) => ({
          url: portal.url,
          headers: { ...headers, cookie: (await signedInBrowser(portal.url, stack.member)).cookie },
        })),
      )),
    ];
    const floorHeaders = { ...headers, cookie: await (await fetch(floor.url)).text() };
    let portalSlices = 0;
    const portal = (duration: number) => {
      const { url, headers } = portals[portalSlices++ % portals.length]!;
      return load({ url: `${url}/api/Member`, headers, duration, connections });
    };
    let bareSlices = 0;
    const bare = (duration: number) =>
      load({ url: `${proxies[bareSlices++ % proxies.length]!.url}/api/Member`, headers, duration, connections });
    const sessionFloor = (duration: number) => load({ url: `${floor.url}/api/Member`, headers: floorHeaders, duration, connections });
    // Warm every process up (JIT, connection pools) before measuring.
    for (const side of [...portals.map(() => portal), ...proxies.map(() => bare), sessionFloor]) await side(2);
    const [againstBare, againstFloor] = await interleaved(
      seconds,
      () => portal(SLICE_SECONDS),
      () => bare(SLICE_SECONDS),
      () => sessionFloor(SLICE_SECONDS),
    );
    const floorRate = againstFloor!.yardstick;
    const bareRate = againstBare!.yardstick;
    return {
      portal: againstBare!,
      sessionFloor: { ratio: floorRate.perSecond / bareRate.perSecond, measured: floorRate, yardstick: bareRate },
    };
  } finally {
    await Promise.all(started.map((service) => service.stop()));
  }
}

/**
 * As many argon2id verifications of `hash` as `concurrency` callers get done in `seconds`, with
 * `verify`: the library called directly (raw), or the member service's hasher, which runs at most
 * one hash per core at a time.
 */
async function argon2Verifies(
  verify: (hash: string, password: string) => Promise<boolean>,
  hash: string,
  password: string,
  seconds: number,
  concurrency: number,
): Promise<Slice> {
  let done = 0;
  let failures = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        if (await verify(hash, password)) done += 1;
        else failures += 1;
      }
    }),
  );
  return { done, failures, seconds: (performance.now() - started) / 1000 };
}

export interface SignInComparisons {
  /** Against the library called directly, in Node's default thread pool of four. */
  raw: Comparison;
  /** Against the member service's own hasher (its hashing threads, one per core): what is left is the stack's own work. */
  hashingThreads: Comparison;
}

/** Password sign-ins through the portal against argon2id verifications at the same cost and concurrency. */
export async function signInsVersusArgon2(stack: BenchStack, seconds: number, concurrency: number): Promise<SignInComparisons> {
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
  const hash = await argon2id.hash(stack.member.password);
  await load({ ...signIn, duration: 2 });
  const [raw, hashingThreads] = await interleaved(
    seconds,
    () => load({ ...signIn, duration: SLICE_SECONDS }),
    () => argon2Verifies(verify, hash, stack.member.password, SLICE_SECONDS, concurrency),
    () => argon2Verifies(argon2id.verify, hash, stack.member.password, SLICE_SECONDS, concurrency),
  );
  const check = await fetch(signIn.url, { method: 'POST', headers: signIn.headers, body: signIn.body });
  const code = ((await check.json()) as { code?: string }).code;
  if (code !== 'ok') throw new Error(`sign-ins stopped succeeding during the run (${code}); see ${path.join(stack.dir, 'portal.log')}`);
  return { raw: raw!, hashingThreads: hashingThreads! };
}
