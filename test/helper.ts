import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../server/common/clock.ts';
import { buildApp, type BuildAppOptions } from '../server/bff/app.ts';
import { loadBffConfig, type BffConfig } from '../server/bff/config.ts';
import type { MemberServiceConfig } from '../server/member-service/config.ts';
import { TEST_HASHING } from './helpers/hashing.ts';
import { findLink, waitForMail } from './helpers/outbox.ts';

/** The part of a tap test object the stack needs. */
interface TeardownTarget {
  teardown(fn: () => unknown): void;
}

export interface StackOverrides {
  /** Extra portal environment variables (SESSION_IDLE_SECONDS, ALLOWED_CALLBACK_HOSTS, ...). */
  env?: NodeJS.ProcessEnv;
  /** Applied to the portal's configuration after it is loaded. */
  bff?: Partial<BffConfig>;
  /** Applied to the member service's configuration (databaseUrl, smtpUrl, companyDomains, ...). */
  memberService?: Partial<MemberServiceConfig>;
  /** One clock for both apps, e.g. a ManualClock. */
  clock?: Clock;
  /** The portal's logger: silent unless given (pino options such as `{ stream, level }`). */
  logger?: boolean | object;
  /** Told of every signed-in session of the portal that ends. */
  onSessionEnded?: BuildAppOptions['onSessionEnded'];
}

export interface Stack {
  bffUrl: string;
  memberServiceUrl: string;
  dataDir: string;
  bffConfig: BffConfig;
  memberServiceConfig: MemberServiceConfig;
  apps: { bff: FastifyInstance; memberService: FastifyInstance };
}

/**
 * Ports below Linux's ephemeral range (32768–60999), where no outgoing connection is ever given
 * a local port: a port the kernel hands out for `listen(0)` and that is closed again may be taken
 * by any test's next outgoing connection before its server listens on it.
 */
const LISTENER_PORTS = { from: 20_000, to: 32_000 };

function listensOn(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A free loopback port, so that the portal's public origin (used in mail links) is known before it starts. */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const port = LISTENER_PORTS.from + Math.floor(Math.random() * (LISTENER_PORTS.to - LISTENER_PORTS.from));
    if (await listensOn(port)) return port;
  }
  throw new Error('no free port below the ephemeral range');
}

/**
 * Starts a real member service and a real portal on loopback ports with a temporary DATA_DIR;
 * both close and the directory goes away when the test ends.
 */
export async function startStack(t: TeardownTarget, overrides: StackOverrides = {}): Promise<Stack> {
  const dataDir = await mkdtemp(join(tmpdir(), 'portal-test-'));
  const port = await freePort();
  const bffConfig: BffConfig = {
    ...loadBffConfig({
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      CLIENT_DIR: join(dataDir, 'client'),
      LOG_LEVEL: 'silent',
      ...overrides.env,
    }),
    ...overrides.bff,
  };

  let memberService: FastifyInstance | undefined;
  let bff: FastifyInstance | undefined;
  t.teardown(async () => {
    await bff?.close();
    await memberService?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  // Loaded here so that tests of the portal alone do not load the member service.
  const { startInProcessMemberService } = await import('../server/in-process-member-service.ts');
  const started = await startInProcessMemberService(
    bffConfig,
    { LOG_LEVEL: 'silent', ...TEST_HASHING },
    { clock: overrides.clock, overrides: overrides.memberService },
  );
  memberService = started.app;
  bffConfig.upstreamUrl ??= started.url;

  bff = await buildApp(bffConfig, { clock: overrides.clock, logger: overrides.logger ?? false, onSessionEnded: overrides.onSessionEnded });
  await bff.listen({ host: bffConfig.host, port: bffConfig.port });
  return {
    bffUrl: `http://127.0.0.1:${bffConfig.port}`,
    memberServiceUrl: started.url,
    dataDir,
    bffConfig,
    memberServiceConfig: started.config,
    apps: { bff, memberService },
  };
}

/**
 * Another portal instance beside the stack's, on its own port: same configuration, member
 * service and secrets, as a second instance behind a load balancer. Closed at teardown.
 */
export async function startAnotherBff(
  t: TeardownTarget,
  stack: Stack,
  options: { clock?: Clock; logger?: boolean | object } = {},
): Promise<{ url: string; app: FastifyInstance }> {
  const port = await freePort();
  const app = await buildApp({ ...stack.bffConfig, port }, { clock: options.clock, logger: options.logger ?? false });
  t.teardown(() => app.close());
  await app.listen({ host: stack.bffConfig.host, port });
  return { url: `http://127.0.0.1:${port}`, app };
}

/**
 * A portal alone (no member service unless `UPSTREAM_URL` is given; by default it points at a
 * closed port), for tests that use `inject`. Closed with its temporary DATA_DIR at teardown.
 */
export async function buildBff(
  t: TeardownTarget,
  env: NodeJS.ProcessEnv = {},
  options: { clock?: Clock; logger?: boolean | object } = {},
): Promise<{ app: FastifyInstance; config: BffConfig; dataDir: string }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'portal-test-'));
  const closedPort = await freePort();
  const config = loadBffConfig({
    DATA_DIR: dataDir,
    UPSTREAM_URL: `http://127.0.0.1:${closedPort}`,
    CLIENT_DIR: join(dataDir, 'client'),
    LOG_LEVEL: 'silent',
    ...env,
  });
  const app = await buildApp(config, { clock: options.clock, logger: options.logger ?? false });
  t.teardown(async () => {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  return { app, config, dataDir };
}

export interface ClientResponse<T = any> {
  status: number;
  headers: Headers;
  /** Parsed JSON when the reply is JSON, otherwise the text. */
  body: T;
  text: string;
}

export interface RequestOptions {
  /** Extra headers; a header set to undefined is left out (e.g. `{ 'x-requested-with': undefined }`). */
  headers?: Record<string, string | undefined>;
}

/**
 * A browser-like HTTP client for the portal: sends the XMLHttpRequest marker the client sends,
 * keeps cookies between requests and does not follow redirects.
 */
export function createClient(baseUrl: string) {
  const cookies = new Map<string, string>();

  function remember(headers: Headers) {
    for (const line of headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => {
        const [key = '', val = ''] = a.trim().split('=');
        if (key.toLowerCase() === 'max-age') return Number(val) <= 0;
        if (key.toLowerCase() === 'expires') return new Date(val).getTime() <= Date.now();
        return false;
      });
      if (expired || value === '') cookies.delete(name);
      else cookies.set(name, value);
    }
  }

  async function send<T>(method: string, path: string, body?: unknown, options: RequestOptions = {}): Promise<ClientResponse<T>> {
    const headers: Record<string, string> = { 'x-requested-with': 'XMLHttpRequest', accept: 'application/json' };
    if (cookies.size > 0) headers.cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    if (body !== undefined) headers['content-type'] = 'application/json';
    for (const [name, value] of Object.entries(options.headers ?? {})) {
      if (value === undefined) delete headers[name.toLowerCase()];
      else headers[name.toLowerCase()] = value;
    }
    const response = await fetch(new URL(path, baseUrl), {
      method,
      headers,
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      redirect: 'manual',
    });
    remember(response.headers);
    const text = await response.text();
    let parsed: unknown = text;
    if ((response.headers.get('content-type') ?? '').includes('json')) {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = text;
      }
    }
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  }

  return {
    cookies,
    get: <T = any>(path: string, options?: RequestOptions) => send<T>('GET', path, undefined, options),
    post: <T = any>(path: string, body?: unknown, options?: RequestOptions) => send<T>('POST', path, body, options),
    put: <T = any>(path: string, body?: unknown, options?: RequestOptions) => send<T>('PUT', path, body, options),
    patch: <T = any>(path: string, body?: unknown, options?: RequestOptions) => send<T>('PATCH', path, body, options),
    delete: <T = any>(path: string, body?: unknown, options?: RequestOptions) => send<T>('DELETE', path, body, options),
  };
}
export type TestClient = ReturnType<typeof createClient>;

/**
 * The activation link of the newest verification mail to `address` (waiting for the `count`th,
 * since mails may be sent after the reply): its token, public user id and pass.
 */
export async function activationLinkFor(
  dataDir: string,
  address: string,
  count = 1,
): Promise<{ url: string; lang: string; token: string; userId: string; pass: string } | undefined> {
  const url = findLink(await waitForMail(dataDir, address, { count }), '/auth/activate-member/');
  const match = url?.match(/\/([a-z-]+)\/auth\/activate-member\/([^/]+)\/([^/]+)\/([^/?#]+)/);
  if (!url || !match) return undefined;
  const [, lang, token, userId, pass] = match as unknown as [string, string, string, string, string];
  return { url, lang, token: decodeURIComponent(token), userId: decodeURIComponent(userId), pass: decodeURIComponent(pass) };
}

export const TEST_PASSWORD = 'Lovelace1815';

/** A registration the portal accepts: Germany, a German mobile number, the global policy agreed. */
export function validRegistration(email: string, overrides: Record<string, unknown> = {}) {
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email,
    password: TEST_PASSWORD,
    confirmPassword: TEST_PASSWORD,
    companyName: 'Analytical Engines Ltd',
    country: 'Germany',
    mobileCountryCode: '49',
    mobile: '15123456789',
    isGlobalAgreePolicy: true,
    isSubscribe: false,
    lang: 'en',
    ...overrides,
  };
}

let memberCounter = 0;

/** Registers through the portal and follows the verification mail: an active member ready to sign in. */
export async function createActiveMember(stack: Stack, email = `member${++memberCounter}-${Date.now()}@example.com`) {
  const client = createClient(stack.bffUrl);
  const registered = await client.post('/api/Member/Register', validRegistration(email));
  if (registered.body?.code !== 'ok') throw new Error(`registration failed: ${registered.text}`);
  const link = await activationLinkFor(stack.dataDir, email);
  if (!link) throw new Error(`no verification mail to ${email}`);
  const activated = await client.post('/api/Member/Activate', { userId: link.userId, token: link.token });
  if (activated.body?.code !== 'ok') throw new Error(`activation failed: ${activated.text}`);
  return { email, password: TEST_PASSWORD };
}

/** A client signed in as the member. */
export async function signIn(stack: Stack, member: { email: string; password: string }) {
  const client = createClient(stack.bffUrl);
  const res = await client.post('/api/Member/Login', { userId: member.email, password: member.password });
  if (res.body?.code !== 'ok') throw new Error(`sign-in failed: ${res.text}`);
  return client;
}
