import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { startService } from '../../scripts/bench/processes.ts';
import { freePort } from '../helper.ts';
import { serverEntry } from '../helpers/server-entry.ts';

// Real server processes, each loading the whole server (through tsx when this file runs alone), on
// a shared two-core machine.
t.setTimeout(300_000);

const RECORD_LOADED_MODULES = ['--import', fileURLToPath(new URL('../helpers/loaded-modules.mjs', import.meta.url))];

/** Libraries that only some requests or settings need: none is loaded by starting and signing in. */
const ON_DEMAND = {
  passkeys: /\/node_modules\/@simplewebauthn\/server\//,
  countries: /\/node_modules\/(country-state-city|i18n-iso-countries|countries-list)\//,
  commonPasswords: /\/node_modules\/@zxcvbn-ts\/language-common\//,
  mail: /\/node_modules\/nodemailer\//,
  redis: /\/node_modules\/ioredis\//,
  postgres: /\/node_modules\/pg\//,
};

const api = (url: string, pathname: string, init: RequestInit = {}) =>
  fetch(`${url}${pathname}`, {
    ...init,
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', ...init.headers },
  });

t.test('a started portal loads the libraries of passkeys, countries, mail, Redis and PostgreSQL only when used', async (t) => {
  const dir = await mkdtemp(path.join(tmpdir(), 'portal-on-demand-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  const port = await freePort();
  const modulesFile = path.join(dir, 'modules.json');
  const env = {
    LOADED_MODULES_FILE: modulesFile,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dir,
    CLIENT_DIR: path.join(dir, 'client'),
    METRICS_PORT: '0',
    LOG_LEVEL: 'warn',
    OTEL_EXPORTER_OTLP_ENDPOINT: '',
    REDIS_URL: '',
    DATABASE_URL: '',
    SMTP_URL: '',
  };
  const loaded = async () => JSON.parse(await readFile(modulesFile, 'utf8')) as string[];
  const loadedOf = (modules: string[]) =>
    Object.entries(ON_DEMAND)
      .filter(([, pattern]) => modules.some((url) => pattern.test(url)))
      .map(([name]) => name);

  const idle = await startService({
    name: 'portal',
    script: serverEntry('server/start.ts'),
    url: `http://127.0.0.1:${port}`,
    logDir: dir,
    env,
    nodeArgs: RECORD_LOADED_MODULES,
  });
  t.teardown(() => idle.stop());
  const refused = await api(idle.url, '/api/Member/Login', {
    method: 'POST',
    body: JSON.stringify({ userId: 'nobody@example.com', password: 'Wrong-password-1' }),
  });
  t.equal(((await refused.json()) as { code?: string }).code, 'AccountOrPwdFail', 'the portal and its member service answer');
  await idle.stop();
  const atStart = await loaded();
  t.ok(
    atStart.some((url) => url.includes('/node_modules/fastify/')),
    'the list is of the modules loaded',
  );
  t.same(loadedOf(atStart), [], 'none of them after a start and a refused sign-in');

  const used = await startService({
    name: 'portal',
    script: serverEntry('server/start.ts'),
    url: `http://127.0.0.1:${port}`,
    logDir: dir,
    env,
    nodeArgs: RECORD_LOADED_MODULES,
  });
  t.teardown(() => used.stop());
  const options = await api(used.url, '/api/Member/Passkey/LoginOptions', { method: 'POST', body: '{}' });
  t.equal(options.status, 200, 'the first passkey call answers');
  t.match(await options.json(), { data: { challenge: String } }, 'with the WebAuthn options');
  const countries = await api(used.url, '/api/info/V2/Countries/false');
  const list = ((await countries.json()) as { data: Array<{ name: string; states: string[] }> }).data;
  t.ok(
    list.find((country) => country.name === 'United States')?.states.includes('California'),
    'the first country list answers, with its states',
  );
  await used.stop();
  t.same(loadedOf(await loaded()), ['passkeys', 'countries'], 'each is loaded by the first request that needs it');
});
