import t from 'tap';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadBffConfig } from '../../server/bff/config.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'portal-config-'));
t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
const base = { DATA_DIR: dataDir };

t.test('defaults, with secrets created under DATA_DIR and kept', async (t) => {
  const config = loadBffConfig(base);
  t.equal(config.port, 3000);
  t.equal(config.host, '0.0.0.0');
  t.equal(config.publicOrigin, 'http://localhost:3000');
  t.equal(config.upstreamUrl, undefined);
  t.equal(config.upstreamTimeoutMs, 10000);
  t.equal(config.sessionIdleSeconds, 1800);
  t.equal(config.sessionAbsoluteSeconds, 28800);
  t.same(config.allowedCallbackHosts, []);
  t.equal(config.trustProxy, false);
  t.equal(config.requestTimeoutMs, 30000, 'a request, body included, must arrive within 30 s');
  t.equal(config.headersTimeoutMs, 10000);
  t.equal(config.keepAliveTimeoutMs, 72000);
  t.equal(config.logLevel, 'info');
  t.equal(config.redisUrl, undefined);
  t.ok(config.loginRateLimitPerMinute < config.rateLimitPerMinute);
  t.same(
    [config.loginFailuresPerIp, config.loginFailureWindowSeconds],
    [50, 900],
    'failed sign-ins per IP: sized for an office behind one address',
  );
  t.ok(config.registerRateLimitPerMinute < config.rateLimitPerMinute);
  t.match(config.passwordEncodingKey, /^[0-9a-f]{64}$/);
  for (const [name, value] of [
    ['service-key', config.upstreamServiceKey],
    ['password-encoding-key', config.passwordEncodingKey],
    ['session-secret', config.sessionSecret],
  ] as const) {
    const file = join(dataDir, 'secrets', name);
    t.ok(existsSync(file), `${name} stored`);
    t.equal(readFileSync(file, 'utf8').trim(), value);
  }
  t.same(loadBffConfig(base).sessionSecret, config.sessionSecret, 'a restart reads the same secret');
});

t.test('explicit values', async (t) => {
  const config = loadBffConfig({
    ...base,
    PORT: '8080',
    PUBLIC_ORIGIN: 'https://Member.Example.com/',
    TRUST_PROXY: '1',
    UPSTREAM_URL: 'http://10.0.0.5:4000/',
    UPSTREAM_SERVICE_KEY: 'k'.repeat(32),
    ALLOWED_CALLBACK_HOSTS: 'Shop.Example.com, store.example.com:8443, https://Pay.Example.com:9443, http://localhost:8080,',
    CALLBACK_SITE_NAMES: 'Shop.Example.com=Shop, https://pay.example.com:9443= Pay & Go ',
    SESSION_IDLE_SECONDS: '60',
    SESSION_ABSOLUTE_SECONDS: '120',
    LOG_LEVEL: 'warn',
    REDIS_URL: 'redis://127.0.0.1:6379',
    UPSTREAM_TIMEOUT_MS: '2500',
    REQUEST_TIMEOUT_MS: '5000',
    HEADERS_TIMEOUT_MS: '2000',
    KEEP_ALIVE_TIMEOUT_MS: '65000',
  });
  t.equal(config.port, 8080);
  t.equal(config.publicOrigin, 'https://member.example.com');
  t.equal(config.trustProxy, 1);
  t.equal(config.upstreamUrl, 'http://10.0.0.5:4000');
  t.equal(config.upstreamServiceKey, 'k'.repeat(32));
  t.same(config.allowedCallbackHosts, [
    'shop.example.com',
    'store.example.com:8443',
    'https://pay.example.com:9443',
    'http://localhost:8080',
  ]);
  t.same(config.callbackSiteNames, { 'shop.example.com': 'Shop', 'https://pay.example.com:9443': 'Pay & Go' });
  t.same([config.requestTimeoutMs, config.headersTimeoutMs, config.keepAliveTimeoutMs], [5000, 2000, 65000]);
  t.equal(loadBffConfig({ ...base, REQUEST_TIMEOUT_MS: '4000' }).headersTimeoutMs, 4000, 'headers never get longer than the whole request');
  t.equal(config.sessionIdleSeconds, 60);
  t.equal(config.upstreamTimeoutMs, 2500);
  t.equal(config.logLevel, 'warn');
  t.equal(config.redisUrl, 'redis://127.0.0.1:6379');
  t.equal(loadBffConfig({ ...base, PORT: '' }).port, 3000, 'an empty value counts as unset');
});

t.test('a bad value throws an error naming the variable', async (t) => {
  const bad: Array<[string, string]> = [
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['UPSTREAM_URL', 'ftp://member'],
    ['UPSTREAM_SERVICE_KEY', 'short'],
    ['PASSWORD_ENCODING_KEY', 'abcd'],
    ['UPSTREAM_TIMEOUT_MS', '0'],
    ['UPSTREAM_TIMEOUT_MS', '-5'],
    ['PUBLIC_ORIGIN', 'localhost:3000'],
    ['PUBLIC_ORIGIN', 'http://portal.example/path'],
    ['SESSION_SECRET', 'too-short'],
    ['SESSION_IDLE_SECONDS', '1.5'],
    ['SESSION_ABSOLUTE_SECONDS', 'forever'],
    ['ALLOWED_CALLBACK_HOSTS', 'ftp://shop.example.com'],
    ['ALLOWED_CALLBACK_HOSTS', 'https://shop.example.com/path'],
    ['ALLOWED_CALLBACK_HOSTS', 'shop.example.com/path'],
    ['CALLBACK_SITE_NAMES', 'shop.example.com'],
    ['CALLBACK_SITE_NAMES', 'shop.example.com=<b>Shop</b>'],
    ['REQUEST_TIMEOUT_MS', '0'],
    ['HEADERS_TIMEOUT_MS', 'soon'],
    ['KEEP_ALIVE_TIMEOUT_MS', '-1'],
    ['RATE_LIMIT_PER_MINUTE', 'many'],
    ['LOGIN_RATE_LIMIT_PER_MINUTE', '0'],
    ['LOGIN_FAILURES_PER_IP', '0'],
    ['LOGIN_FAILURE_WINDOW_SECONDS', 'forever'],
    ['REGISTER_RATE_LIMIT_PER_MINUTE', '1e3'],
    ['TRUST_PROXY', 'yes please'],
    ['TRUST_PROXY', 'true'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['TRUST_PROXY', '10.0.0.1, proxy.example'],
    ['LOG_LEVEL', 'loud'],
    ['REDIS_URL', 'http://cache'],
  ];
  for (const [variable, value] of bad) {
    t.throws(
      () => loadBffConfig({ ...base, [variable]: value }),
      { message: new RegExp(`^Invalid ${variable}\\b`) },
      `${variable}=${value}`,
    );
  }
  t.throws(() => loadBffConfig({ ...base, SESSION_IDLE_SECONDS: '600', SESSION_ABSOLUTE_SECONDS: '300' }), {
    message: /SESSION_ABSOLUTE_SECONDS/,
  });
  t.throws(() => loadBffConfig({ ...base, REQUEST_TIMEOUT_MS: '5000', HEADERS_TIMEOUT_MS: '6000' }), {
    message: /^Invalid HEADERS_TIMEOUT_MS/,
  });
  t.throws(
    () => loadBffConfig({ ...base, PUBLIC_ORIGIN: 'https://member.example.com' }),
    { message: /TRUST_PROXY/ },
    'https needs a trusted proxy',
  );
});
