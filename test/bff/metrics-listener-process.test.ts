import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import t from 'tap';
import { loadBffConfig } from '../../server/bff/config.ts';
import { loadMemberServiceConfig } from '../../server/member-service/config.ts';
import { root, scriptArgs, startService } from '../../scripts/bench/processes.ts';
import { freePort } from '../helper.ts';
import { scrape, valueOf } from '../helpers/metrics.ts';
import { serverEntry } from '../helpers/server-entry.ts';

// The processes as operators start them (npm start, npm run start:member-service): the metrics
// listener is wired in main.ts, so only a real process shows where it listens.

const dir = await mkdtemp(join(tmpdir(), 'portal-metrics-process-'));
t.teardown(() => (process.env.KEEP ? undefined : rm(dir, { recursive: true, force: true })));

/** Scrapes until the listener answers (it opens just after the public port). */
async function scrapeWhenUp(url: string) {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await scrape(url);
    } catch (error) {
      if (attempt > 200) throw error;
      await sleep(25);
    }
  }
}

t.test('METRICS_PORT and MEMBER_SERVICE_METRICS_PORT: defaults, 0 for none, a bad value named', async (t) => {
  const base = { DATA_DIR: dir };
  t.same(loadBffConfig(base).metrics, { host: '127.0.0.1', port: 9464 });
  t.same(loadBffConfig({ ...base, METRICS_PORT: '9100', METRICS_HOST: '10.0.0.5' }).metrics, { host: '10.0.0.5', port: 9100 });
  t.equal(loadBffConfig({ ...base, METRICS_PORT: '0' }).metrics, undefined);
  t.throws(() => loadBffConfig({ ...base, METRICS_PORT: 'ninety' }), /METRICS_PORT/);
  t.throws(() => loadBffConfig({ ...base, METRICS_PORT: '70000' }), /METRICS_PORT/);
  t.same(loadMemberServiceConfig(base).metrics, { host: '127.0.0.1', port: 9465 });
  t.equal(loadMemberServiceConfig({ ...base, MEMBER_SERVICE_METRICS_PORT: '0' }).metrics, undefined);
  t.throws(() => loadMemberServiceConfig({ ...base, MEMBER_SERVICE_METRICS_PORT: '-1' }), /MEMBER_SERVICE_METRICS_PORT/);
});

t.test('the listeners of real processes', async (t) => {
  const [port, metricsPort, memberPort, memberMetricsPort, badPort] = await Promise.all(Array.from({ length: 5 }, () => freePort()));
  const url = `http://127.0.0.1:${port}`;
  const memberUrl = `http://127.0.0.1:${memberPort}`;
  // Started together: each takes a few seconds to load.
  const [portal, memberService, badStart] = await Promise.all([
    startService({
      name: 'portal',
      script: serverEntry('server/start.ts'),
      url,
      logDir: dir,
      env: {
        HOST: '127.0.0.1',
        PORT: String(port),
        METRICS_PORT: String(metricsPort),
        DATA_DIR: join(dir, 'portal'),
        CLIENT_DIR: join(dir, 'client'),
        LOG_LEVEL: 'silent',
      },
    }),
    startService({
      name: 'member-service',
      script: serverEntry('server/member-service/main.ts'),
      url: memberUrl,
      logDir: dir,
      env: {
        MEMBER_SERVICE_HOST: '127.0.0.1',
        MEMBER_SERVICE_PORT: String(memberPort),
        MEMBER_SERVICE_METRICS_PORT: String(memberMetricsPort),
        DATA_DIR: join(dir, 'member'),
        LOG_LEVEL: 'warn',
      },
    }),
    promisify(execFile)(process.execPath, scriptArgs(serverEntry('server/start.ts')), {
      cwd: root,
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: String(badPort),
        METRICS_PORT: 'x',
        DATA_DIR: join(dir, 'portal-bad'),
        LOG_LEVEL: 'silent',
      },
    }).then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    ),
  ]);
  t.teardown(() => Promise.all([portal.stop(), memberService.stop()]));

  t.test('npm start: one listener serves the portal and its in-process member service; the public port has none', async (t) => {
    t.equal((await fetch(`${url}/readyz`)).status, 200, 'ready, which asks the member service');
    t.equal((await fetch(`${url}/metrics`)).status, 404, '/metrics on the public port');
    const metrics = await scrapeWhenUp(`http://127.0.0.1:${metricsPort}/metrics`);
    t.ok(valueOf(metrics, 'http_request_duration_seconds_count', { service: 'portal', route: '/readyz' }) >= 1, 'the portal');
    t.ok(
      valueOf(metrics, 'http_request_duration_seconds_count', { service: 'member-service', route: '/readyz' }) >= 1,
      'the member service, on the same listener',
    );
    t.match(await readFile(join(dir, 'portal.log'), 'utf8'), `Metrics at http://127.0.0.1:${metricsPort}/metrics`);
  });

  t.test('a standalone member service has its own listener (MEMBER_SERVICE_METRICS_PORT)', async (t) => {
    t.equal(
      (await fetch(`${memberUrl}/metrics`, { headers: { 'x-service-key': 'not-the-key-but-long-enough' } })).status,
      403,
      'not on its public port',
    );
    const metrics = await scrapeWhenUp(`http://127.0.0.1:${memberMetricsPort}/metrics`);
    t.ok(valueOf(metrics, 'http_request_duration_seconds_count', { service: 'member-service', route: '/healthz' }) >= 1);
    t.equal(valueOf(metrics, 'http_request_duration_seconds_count', { service: 'portal' }), 0, 'no portal in this process');
    t.ok(metrics.has('member_mail_queue_depth'), 'the mail queue depth');
  });

  t.test('a bad METRICS_PORT stops the start, naming the variable', async (t) => {
    t.equal(badStart?.code, 1);
    t.match(badStart?.stderr, /Invalid METRICS_PORT/);
  });
});
