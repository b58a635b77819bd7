import { mkdir, writeFile } from 'node:fs/promises';
import { Agent, request as httpRequest } from 'node:http';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { captchaContentSources } from '../../../server/bff/captcha/captcha-config.ts';
import { securityHeaders } from '../../../server/bff/plugins/security-headers.ts';
import { encodePassword } from '../../../server/common/password-encoding.ts';
import { createActiveMember, createClient, signIn, startStack, type Stack } from '../../helper.ts';
import { redisForFile } from '../../helpers/redis.ts';
import { routeTable } from '../../helpers/route-table.ts';
import {
  describe,
  hostileRequests,
  knownFieldNames,
  type HostileRequest,
  type Plausible,
  type RouteUnderTest,
} from './hostile-requests.ts';

/** The longest any reply may take, whatever was sent. */
export const MAX_REPLY_MS = 2_000;

const UNLIMITED = '1000000000';
const SHELL_MARKER = 'data-hostile-input-shell';

interface TeardownTarget {
  teardown(fn: () => unknown): void;
}

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  ms: number;
}

export interface Violation {
  route: string;
  request: string;
  problems: string[];
  /** fast-check's seed and path: with the same route table they replay this run. */
  seed: number;
  path?: string;
}

export interface FuzzReport {
  requests: number;
  routes: number;
  slowestMs: number;
  /** Replies by status class, e.g. { '2xx': 120, '4xx': 2800 }. */
  statuses: Record<string, number>;
  violations: Violation[];
}

/**
 * Changes a refused request may make by design, so the snapshot leaves them out: counters of
 * attempts (rate limits, failed sign-ins, the lock they lead to, checks per address) exist to
 * count refusals; a session's last-seen time moves with every request; wrong codes count
 * against the code; the job runner's leases follow its own clock.
 */
const COUNTED_PREFIXES = ['rate-limit:', 'lockout:', 'sign-in-failures:', 'email-check:', 'password-mail:'];
const VOLATILE_SESSION_FIELDS = ['lastSeenAt'];
/** security_events: the member's activity records refused sign-ins and locks on purpose (capped per member). */
const IGNORED_TABLES = new Set(['job_leases', 'kysely_migration', 'kysely_migration_lock', 'security_events']);
/**
 * Routes whose refusal ends the browser's session by design: a refused company-site ticket ends
 * whatever session came with it (its token revoked upstream), so only the first difference of
 * those counts when it is not a session or its token.
 */
const ENDS_SESSION_WHEN_REFUSED = new Set(['portal POST /api/Member/RefererLogin']);
const isSessionEnd = (change: string) =>
  /^(removed store session:|removed store member-sessions:|changed table member_tokens |removed table member_tokens |added table member_tokens |changed store member-sessions:)/.test(
    change,
  );
const VOLATILE_COLUMNS: Record<string, string[]> = { otp_codes: ['attempts', 'invalidated_at'] };
/** Queued messages leave the table once sent; what a refused request must not do is queue one. */
const QUEUE_TABLES = new Set(['outgoing_messages']);

/** The portal and member service as `npm start` runs them, with Redis for the session store, limits out of the way. */
export async function startTarget(t: TeardownTarget) {
  const redis = await redisForFile(t);
  const stack = await startStack(t, {
    env: {
      REDIS_URL: redis.url,
      RATE_LIMIT_PER_MINUTE: UNLIMITED,
      LOGIN_RATE_LIMIT_PER_MINUTE: UNLIMITED,
      REGISTER_RATE_LIMIT_PER_MINUTE: UNLIMITED,
      OTP_RATE_LIMIT_PER_MINUTE: UNLIMITED,
      LOGIN_FAILURES_PER_IP: UNLIMITED,
      EMAIL_CHECK_PER_ADDRESS_PER_HOUR: UNLIMITED,
      PASSWORD_MAIL_PER_ADDRESS_PER_HOUR: UNLIMITED,
    },
    memberService: { jobPollSeconds: 0 },
  });
  // A page shell of its own: the suite checks that pages get the shell, not how the client looks.
  await mkdir(join(stack.bffConfig.clientDir, 'assets'), { recursive: true });
  await writeFile(
    join(stack.bffConfig.clientDir, 'index.html'),
    `<!doctype html><html ${SHELL_MARKER}><body><div id="root"></div></body></html>`,
  );
  await writeFile(join(stack.bffConfig.clientDir, 'assets', 'app.js'), 'export {};\n');

  const kv = new Redis(redis.url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await kv.connect();
  t.teardown(() => kv.quit());
  const sqlite = new SqliteDatabase(join(stack.dataDir, 'members.sqlite'), { readonly: true, fileMustExist: true });
  t.teardown(() => sqlite.close());
  const agents = { portal: new Agent({ keepAlive: true }), 'member-service': new Agent({ keepAlive: true }) };
  t.teardown(() => Object.values(agents).forEach((agent) => agent.destroy()));

  const victim = await createActiveMember(stack);
  const credentials = await signInEverywhere(stack);
  return { stack, kv, sqlite, agents, plausible: { email: victim.email, password: victim.password } satisfies Plausible, credentials };
}
type Target = Awaited<ReturnType<typeof startTarget>>;

/** A member signed in at the portal (session cookie) and at the member service (member token). */
async function signInEverywhere(stack: Stack) {
  const member = await createActiveMember(stack);
  const browser = await signIn(stack, member);
  const cookie = [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const login = await fetch(new URL('/api/Member/Login', stack.memberServiceUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-service-key': stack.bffConfig.upstreamServiceKey },
    body: JSON.stringify({ userId: member.email, password: encodePassword(member.password, stack.bffConfig.passwordEncodingKey) }),
  });
  const token = ((await login.json()) as { data?: { token?: string } }).data?.token;
  if (!token) throw new Error('the member service gave no token');
  return { cookie, token };
}

/** After a signed-in request that was not refused the member may be signed out, changed or gone: sign in anew when so; true when it did. */
async function keepSignedIn(target: Target): Promise<boolean> {
  const portal = await createClient(target.stack.bffUrl).get('/api/Member/IsLogin', { headers: { cookie: target.credentials.cookie } });
  const upstream = await fetch(new URL('/api/Member/IsLogin', target.stack.memberServiceUrl), {
    headers: { 'x-service-key': target.stack.bffConfig.upstreamServiceKey, authorization: `Bearer ${target.credentials.token}` },
  });
  const upstreamSignedIn = upstream.status === 200 && ((await upstream.json()) as { data?: { isLogin?: boolean } }).data?.isLogin === true;
  if (portal.body?.data?.isLogin === true && upstreamSignedIn) return false;
  target.credentials = await signInEverywhere(target.stack);
  return true;
}

function send(target: Target, server: RouteUnderTest['server'], request: HostileRequest): Promise<Reply> {
  const base = new URL(server === 'portal' ? target.stack.bffUrl : target.stack.memberServiceUrl);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest({
      host: base.hostname,
      port: base.port,
      method: request.method,
      path: request.target,
      agent: target.agents[server],
    });
    const headers = new Map<string, string[]>();
    const add = (name: string, value: string) => headers.set(name, [...(headers.get(name) ?? []), value]);
    for (const [name, value] of request.headers) add(name, value);
    if (request.signedIn && server === 'portal') add('cookie', target.credentials.cookie);
    if (request.signedIn && server === 'member-service') add('authorization', `Bearer ${target.credentials.token}`);
    if (server === 'member-service')
      add('x-service-key', request.serviceKey ? target.stack.bffConfig.upstreamServiceKey : 'not-the-service-key');
    if (request.body) add('content-length', String(request.body.length));
    for (const [name, values] of headers) outgoing.setHeader(name, values.length === 1 ? values[0]! : values);
    outgoing.setTimeout(10_000, () => outgoing.destroy(new Error(`no reply within 10 s`)));
    outgoing.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
          ms: performance.now() - started,
        }),
      );
      response.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}

const header = (reply: Reply, name: string) => {
  const value = reply.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
};

function isEnvelope(body: unknown): body is { isSuccess: boolean; code: string } {
  return (
    typeof body === 'object' &&
    body !== null &&
    typeof (body as { isSuccess?: unknown }).isSuccess === 'boolean' &&
    typeof (body as { code?: unknown }).code === 'string'
  );
}

function parseJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
}

/** What is wrong with a reply: the properties every route keeps, whatever it was sent. */
function problemsOf(
  route: RouteUnderTest,
  request: HostileRequest,
  reply: Reply,
  expectedHeaders: Readonly<Record<string, string>>,
): string[] {
  const { server } = route;
  const documentRoute = route.path.endsWith('.json');
  const problems: string[] = [];
  if (reply.status >= 500) problems.push(`status ${reply.status}`);
  if (reply.ms > MAX_REPLY_MS) problems.push(`took ${Math.round(reply.ms)} ms`);
  if (server === 'portal') {
    for (const [name, value] of Object.entries(expectedHeaders))
      if (header(reply, name) !== value) problems.push(`header ${name}: ${header(reply, name) ?? 'missing'}`);
  }
  const type = header(reply, 'content-type') ?? '';
  if (request.method === 'HEAD' || reply.status === 304) return problems;
  if (type.startsWith('application/json') && documentRoute && reply.status === 200) {
    // A document the route serves (the OpenAPI description), not an API reply.
    if (parseJson(reply.body) === undefined) problems.push('a JSON document that does not parse');
  } else if (type.startsWith('application/json')) {
    if (!isEnvelope(parseJson(reply.body))) problems.push(`not the envelope: ${reply.body.toString('utf8').slice(0, 120)}`);
  } else if (server === 'portal' && type.startsWith('text/html')) {
    if (!reply.body.toString('utf8').includes(SHELL_MARKER)) problems.push('HTML that is not the page shell');
  } else if (server === 'portal' && reply.status >= 300 && reply.status < 400) {
    if (!header(reply, 'location')?.startsWith('/')) problems.push(`redirect elsewhere: ${header(reply, 'location')}`);
  } else if (type.startsWith('text/csv') && reply.status === 200) {
    // Profile.csv, the member's own export.
  } else if (
    server === 'portal' &&
    type.startsWith('text/plain') &&
    reply.status === 404 &&
    reply.body.toString('utf8') === 'Not found\n'
  ) {
    // A missing file (not a page), as static-client.ts answers it.
  } else if (server === 'portal' && reply.status === 200 && route.path === '/robots.txt' && type.startsWith('text/plain')) {
    // What search engines may index.
  } else if (server === 'portal' && reply.status === 200 && /javascript/.test(type)) {
    // The client's own script under /assets/.
  } else {
    problems.push(`a reply of type '${type}' (${reply.status}): ${reply.body.toString('utf8').slice(0, 120)}`);
  }
  return problems;
}

function isRefused(reply: Reply): boolean {
  if (reply.status >= 400) return true;
  const body = parseJson(reply.body);
  return isEnvelope(body) && !body.isSuccess;
}

interface Snapshot {
  entries: Map<string, string>;
  /** When each store key expires by its TTL (a key that expired was not removed by a request). */
  expiresAt: Map<string, number>;
}

/**
 * Every key under the prefix (ARGV[1]) with its value (a set as its sorted members) and its TTL in
 * ms, in one round trip; keys that count attempts (ARGV[2..], after the prefix) are left out there,
 * not read and sent to be dropped: they are a third of the keys.
 */
const READ_STORE = `
local out = {}
local cursor = '0'
local function counted(key)
  local name = string.sub(key, #ARGV[1] + 1)
  for i = 2, #ARGV do
    if string.sub(name, 1, #ARGV[i]) == ARGV[i] then return true end
  end
  return false
end
repeat
  local page = redis.call('SCAN', cursor, 'MATCH', ARGV[1] .. '*', 'COUNT', 1000)
  cursor = page[1]
  for _, key in ipairs(page[2]) do
    if not counted(key) then
      local kind = redis.call('TYPE', key).ok
      local value
      if kind == 'set' then
        local members = redis.call('SMEMBERS', key)
        table.sort(members)
        value = cjson.encode(members)
      elseif kind == 'string' then
        value = redis.call('GET', key)
      else
        value = kind
      end
      table.insert(out, key)
      table.insert(out, value)
      table.insert(out, redis.call('PTTL', key))
    end
  end
until cursor == '0'
return out
`;

function withoutFields(json: string, fields: readonly string[]): string {
  try {
    const value = JSON.parse(json) as Record<string, unknown>;
    for (const field of fields) delete value[field];
    return JSON.stringify(value);
  } catch {
    return json;
  }
}

/** The member tables and the session store, as `where → value`, without what changes by design. */
async function snapshot(target: Target): Promise<Snapshot> {
  const entries = new Map<string, string>();
  const expiresAt = new Map<string, number>();
  const prefix = target.stack.bffConfig.redisKeyPrefix;
  const store = (await target.kv.eval(READ_STORE, 0, prefix, ...COUNTED_PREFIXES)) as Array<string | number>;
  const now = Date.now();
  for (let i = 0; i < store.length; i += 3) {
    const key = String(store[i]).slice(prefix.length);
    const value = String(store[i + 1]);
    entries.set(`store ${key}`, key.startsWith('session:') ? withoutFields(value, VOLATILE_SESSION_FIELDS) : value);
    const ttl = Number(store[i + 2]);
    if (ttl >= 0) expiresAt.set(`store ${key}`, now + ttl);
  }

  for (const [key, value] of tableEntries(target)) entries.set(key, value);
  return { entries, expiresAt };
}

const tablesRead = new WeakMap<Target, { version: number; entries: Array<[string, string]> }>();

/**
 * The member tables as `where → value`. Read again only when the member service has committed
 * since the last read (SQLite's data_version moves with every commit of another connection):
 * most hostile requests are refused before they write, and reading every table after each of
 * them was a third of the suite's time.
 */
function tableEntries(target: Target): Array<[string, string]> {
  const version = target.sqlite.pragma('data_version', { simple: true }) as number;
  const last = tablesRead.get(target);
  if (last?.version === version) return last.entries;
  const entries: Array<[string, string]> = [];
  const tables = target.sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all() as Array<{
    name: string;
  }>;
  for (const { name } of tables) {
    if (IGNORED_TABLES.has(name)) continue;
    const rows = target.sqlite.prepare(`SELECT * FROM "${name}"`).all() as Array<Record<string, unknown>>;
    if (QUEUE_TABLES.has(name)) {
      entries.push([`table ${name} ids up to`, String(Math.max(0, ...rows.map((row) => Number(row.id))))]);
      continue;
    }
    for (const row of rows) {
      for (const column of VOLATILE_COLUMNS[name] ?? []) delete row[column];
      const text = JSON.stringify(row);
      entries.push([`table ${name} ${text}`, text]);
    }
  }
  tablesRead.set(target, { version, entries });
  return entries;
}

/** Margin for a key's expiry between two snapshots (Redis expires keys on its own clock). */
const EXPIRY_MARGIN_MS = 1_000;

function differences(before: Snapshot, after: Snapshot): string[] {
  const changed: string[] = [];
  for (const [key, value] of after.entries) {
    const was = before.entries.get(key);
    if (was === undefined) changed.push(`added ${key.slice(0, 160)}`);
    else if (was !== value) changed.push(`changed ${key.slice(0, 100)}: ${was.slice(0, 100)} → ${value.slice(0, 100)}`);
  }
  const now = Date.now();
  for (const key of before.entries.keys()) {
    const expired = (before.expiresAt.get(key) ?? Infinity) <= now + EXPIRY_MARGIN_MS;
    if (!after.entries.has(key) && !expired) changed.push(`removed ${key.slice(0, 160)}`);
  }
  return changed.slice(0, 5);
}

interface OpenApiDocument {
  paths?: Record<
    string,
    Record<string, { requestBody?: { content?: Record<string, { schema?: { properties?: RouteUnderTest['bodyProperties'] } }> } }>
  >;
}

/** Each route's JSON body properties, from the app's own OpenAPI document (@fastify/swagger). */
function bodyPropertiesOf(app: FastifyInstance): (method: string, path: string) => RouteUnderTest['bodyProperties'] {
  const document = (app as unknown as { swagger(): OpenApiDocument }).swagger();
  return (method, path) =>
    document.paths?.[path.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()]?.requestBody?.content?.['application/json']?.schema
      ?.properties;
}

/** Every route of both servers, from their own route tables, as `METHOD path` keys. */
export function routesOf(target: Target): RouteUnderTest[] {
  const apps = [
    ['portal', target.stack.apps.bff],
    ['member-service', target.stack.apps.memberService],
  ] as const;
  return apps.flatMap(([server, app]) => {
    const bodyProperties = bodyPropertiesOf(app);
    return routeTable(app).map((route) => ({ server, ...route, bodyProperties: bodyProperties(route.method, route.path) }));
  });
}

export const routeKey = (route: RouteUnderTest) => `${route.server} ${route.method} ${route.path}`;

/** A route's own seed, from the run's seed and the route's name: adding a route leaves the others' requests as they were. */
function routeSeed(seed: number, route: RouteUnderTest): number {
  let hash = 0x811c9dc5;
  for (const char of routeKey(route)) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193);
  return (seed ^ hash) | 0;
}

/**
 * Sends `runsPerRoute` hostile requests to every route (sequentially: each refused request is
 * judged by what it changed) and returns what broke a property.
 */
export async function fuzzRoutes(
  target: Target,
  options: { seed: number; runsPerRoute: number; routes?: (key: string) => boolean; progress?: (line: string) => void },
): Promise<FuzzReport> {
  const fieldNames = await knownFieldNames();
  const expectedHeaders = securityHeaders({ https: false, widgetOrigins: captchaContentSources(target.stack.bffConfig.captcha) });
  const routes = routesOf(target).filter((route) => options.routes?.(routeKey(route)) ?? true);
  const report: FuzzReport = { requests: 0, routes: routes.length, slowestMs: 0, statuses: {}, violations: [] };
  let state = await snapshot(target);
  // Requests that changed neither the store nor a member table since the member was last found
  // signed in cannot have ended the session or its token: asking both servers again would cost
  // two more requests after most signed-in requests.
  let changedSinceSignInChecked = false;

  for (const route of routes) {
    const seed = routeSeed(options.seed, route);
    let failure: Violation | undefined;
    const result = await fc.check(
      fc.asyncProperty(hostileRequests(route, target.plausible, fieldNames), async (request) => {
        let reply: Reply;
        try {
          reply = await send(target, route.server, request);
        } catch (error) {
          failure = { route: routeKey(route), request: describe(request), problems: [`no reply: ${(error as Error).message}`], seed };
          return false;
        }
        report.requests += 1;
        report.slowestMs = Math.max(report.slowestMs, reply.ms);
        const statusClass = `${String(reply.status)[0]}xx`;
        report.statuses[statusClass] = (report.statuses[statusClass] ?? 0) + 1;
        await target.stack.apps.memberService.background.drain();
        const problems = problemsOf(route, request, reply, expectedHeaders);
        const after = await snapshot(target);
        const changes = differences(state, after);
        const allowed = ENDS_SESSION_WHEN_REFUSED.has(routeKey(route)) ? (change: string) => !isSessionEnd(change) : () => true;
        if (isRefused(reply)) problems.push(...changes.filter(allowed).map((change) => `refused (${reply.status}) but ${change}`));
        state = after;
        if (changes.length > 0) changedSinceSignInChecked = true;
        if (request.signedIn && !isRefused(reply) && changedSinceSignInChecked) {
          changedSinceSignInChecked = false;
          if (await keepSignedIn(target)) state = await snapshot(target);
        }
        if (problems.length === 0) return true;
        failure = { route: routeKey(route), request: describe(request), problems, seed };
        return false;
      }),
      { seed, numRuns: options.runsPerRoute, endOnFailure: true },
    );
    if (result.failed && failure) report.violations.push({ ...failure, path: result.counterexamplePath ?? undefined });
    options.progress?.(`${routeKey(route)}: ${result.numRuns} requests${result.failed ? ' — FAILED' : ''}`);
  }
  return report;
}
