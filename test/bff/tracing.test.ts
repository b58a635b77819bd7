import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import t, { type Test } from 'tap';
import { startService, type Service } from '../../scripts/bench/processes.ts';
import { freePort } from '../helper.ts';
import { serverEntry } from '../helpers/server-entry.ts';
import { startOtlpReceiver, type ReceivedSpan } from '../helpers/otlp-receiver.ts';
import { postgresAvailable, postgresForFile } from '../helpers/postgres.ts';
import { redisAvailable, redisForFile } from '../helpers/redis.ts';

// Three real server processes, each loading the whole server (through tsx when this file runs
// alone) and writing its coverage at exit: on a shared two-core machine this can outlast tap's
// default per-file timeout.
t.setTimeout(300_000);

/** OTLP span kinds. */
const SERVER = 2;
const CLIENT = 3;
const RECORD_LOADED_MODULES = ['--import', fileURLToPath(new URL('../helpers/loaded-modules.mjs', import.meta.url))];
/**
 * What tracing loads. The API package alone is left out: prom-client loads it (for exemplars)
 * whether tracing is on or not, and it does nothing without an SDK.
 */
const TELEMETRY_MODULES = /@opentelemetry\/(?!api\/)|@fastify\/otel|telemetry-sdk/;
const SECRET_TOKEN = 'reset-token-4711';
const SECRET_ADDRESS = 'query-secret%40example.com';
const SECRETS = /reset-token-4711|query-secret/;
/** The database system of a span, under the current and the older attribute name. */
const dbSystem = (span: ReceivedSpan) => span.attributes['db.system.name'] ?? span.attributes['db.system'];

async function tempDir(t: Test): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'portal-tracing-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

async function start(t: Test, options: Parameters<typeof startService>[0]): Promise<Service> {
  const service = await startService({ ...options, script: serverEntry(options.script), nodeArgs: RECORD_LOADED_MODULES });
  t.teardown(() => service.stop());
  return service;
}

/** Stops the service and lists the modules it loaded. */
async function loadedModules(service: Service, file: string): Promise<string[]> {
  await service.stop();
  return JSON.parse(await readFile(file, 'utf8')) as string[];
}

async function wrongPassword(portal: Service) {
  const reply = await fetch(`${portal.url}/api/Member/Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    body: JSON.stringify({ userId: 'nobody@example.com', password: 'Wrong-password-1' }),
  });
  return ((await reply.json()) as { code?: string }).code;
}

t.test('with OTEL_EXPORTER_OTLP_ENDPOINT, the portal and the member service trace one request under one trace id', async (t) => {
  const dir = await tempDir(t);
  const receiver = await startOtlpReceiver(t);
  const otel = { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_BSP_SCHEDULE_DELAY: '100' };
  const secrets = { serviceKey: randomBytes(24).toString('hex'), passwordEncodingKey: randomBytes(32).toString('hex') };
  const postgres = postgresAvailable() ? postgresForFile(t) : undefined;
  const redis = redisAvailable() ? await redisForFile(t) : undefined;
  const [memberPort, portalPort] = [await freePort(), await freePort()];

  const memberUrl = `http://127.0.0.1:${memberPort}`;
  const portalModules = path.join(dir, 'portal-modules.json');
  // Started together: the portal asks the member service nothing until a request comes.
  const [, portal] = await Promise.all([
    start(t, {
      name: 'member-service',
      script: 'server/member-service/main.ts',
      url: memberUrl,
      logDir: dir,
      env: {
        ...otel,
        LOADED_MODULES_FILE: path.join(dir, 'member-service-modules.json'),
        MEMBER_SERVICE_HOST: '127.0.0.1',
        MEMBER_SERVICE_PORT: String(memberPort),
        DATA_DIR: path.join(dir, 'member-data'),
        ...(postgres ? { DATABASE_URL: await postgres.createDatabase() } : {}),
        SERVICE_KEY: secrets.serviceKey,
        PASSWORD_ENCODING_KEY: secrets.passwordEncodingKey,
        JOB_POLL_SECONDS: '0',
        DELIVERY_POLL_SECONDS: '0',
        MEMBER_SERVICE_METRICS_PORT: '0',
        LOG_LEVEL: 'warn',
      },
    }),
    start(t, {
      name: 'portal',
      script: 'server/start.ts',
      url: `http://127.0.0.1:${portalPort}`,
      logDir: dir,
      env: {
        ...otel,
        LOADED_MODULES_FILE: portalModules,
        HOST: '127.0.0.1',
        PORT: String(portalPort),
        DATA_DIR: path.join(dir, 'portal-data'),
        CLIENT_DIR: path.join(dir, 'client'),
        UPSTREAM_URL: memberUrl,
        UPSTREAM_SERVICE_KEY: secrets.serviceKey,
        PASSWORD_ENCODING_KEY: secrets.passwordEncodingKey,
        ...(redis ? { REDIS_URL: redis.url } : {}),
        METRICS_PORT: '0',
        LOG_LEVEL: 'warn',
      },
    }),
  ]);

  t.equal(await wrongPassword(portal), 'AccountOrPwdFail', 'the sign-in reaches the member service');
  // A reset link's check: its token in the path, the member's address in the query.
  const resetCheck = await fetch(`${portal.url}/api/Member/CheckResetPwdTokenIsExpired/${SECRET_TOKEN}?userId=${SECRET_ADDRESS}`, {
    headers: { 'x-requested-with': 'XMLHttpRequest' },
  });
  t.equal(resetCheck.status, 200, 'the reset-link check reaches the member service');

  // The member service's server span for the call, child of the portal's undici span, and the
  // database and Redis spans of the same trace (spans arrive in batches, from two processes).
  const served = () =>
    receiver.spans.find(
      (span) => span.service === 'member-service' && span.kind === SERVER && span.attributes['http.route'] === '/api/Member/Login',
    );
  const inTrace = (service: string) => receiver.spans.filter((span) => span.service === service && span.traceId === served()?.traceId);
  const caller = () => receiver.spans.find((span) => span.service === 'member-portal' && span.spanId === served()?.parentSpanId);
  const portalServer = () =>
    inTrace('member-portal').find((span) => span.kind === SERVER && span.attributes['http.route'] === '/api/Member/Login');
  const database = (service: string, system: string) => inTrace(service).find((span) => dbSystem(span) === system);
  const resetCheckServed = () =>
    receiver.spans.some(
      (span) =>
        span.service === 'member-service' && String(span.attributes['http.route']).startsWith('/api/Member/CheckResetPwdTokenIsExpired'),
    );
  const complete = () =>
    resetCheckServed() &&
    caller() &&
    portalServer() &&
    (!postgres || database('member-service', 'postgresql')) &&
    (!redis || database('member-portal', 'redis'));
  for (let waited = 0; !complete() && waited < 15_000; waited += 100) await sleep(100);

  t.ok(served(), "the member service's span of the call");
  const parent = caller();
  t.ok(parent && parent.traceId === served()?.traceId, 'its parent is a portal span, of the same trace id');
  t.equal(parent?.kind, CLIENT, "the parent is the portal's call to the member service (traceparent carried)");
  t.ok(portalServer(), "the portal's incoming request is in the trace");
  if (postgres) t.ok(database('member-service', 'postgresql'), "the member service's PostgreSQL queries are in the trace");
  if (redis) t.ok(database('member-portal', 'redis'), "the portal's Redis commands are in the trace");
  t.ok(resetCheckServed(), "the reset-link check's spans arrived");
  const leaks = receiver.spans.filter((span) =>
    [span.name, ...Object.values(span.attributes)].some((value) => SECRETS.test(String(value))),
  );
  t.same(
    leaks.map((span) => `${span.service} ${span.name}`),
    [],
    'no span carries the token of a path or a query string',
  );
  t.ok(
    (await loadedModules(portal, portalModules)).some((url) => url.includes('@opentelemetry/sdk-node')),
    'the OpenTelemetry SDK is loaded',
  );
});

t.test('without OTEL_EXPORTER_OTLP_ENDPOINT no OpenTelemetry module is loaded', async (t) => {
  const dir = await tempDir(t);
  const port = await freePort();
  const modulesFile = path.join(dir, 'portal-modules.json');
  const portal = await start(t, {
    name: 'portal',
    script: 'server/start.ts',
    url: `http://127.0.0.1:${port}`,
    logDir: dir,
    env: {
      OTEL_EXPORTER_OTLP_ENDPOINT: '',
      LOADED_MODULES_FILE: modulesFile,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dir,
      CLIENT_DIR: path.join(dir, 'client'),
      METRICS_PORT: '0',
      LOG_LEVEL: 'warn',
    },
  });
  t.equal(await wrongPassword(portal), 'AccountOrPwdFail', 'the portal and its in-process member service answer');
  const modules = await loadedModules(portal, modulesFile);
  t.ok(
    modules.some((url) => url.includes('/node_modules/fastify/')),
    'the list is of the modules loaded',
  );
  t.same(
    modules.filter((url) => TELEMETRY_MODULES.test(url)),
    [],
    'nothing of OpenTelemetry',
  );
});
