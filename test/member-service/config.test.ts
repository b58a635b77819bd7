import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { loadMemberServiceConfig } from '../../server/member-service/config.ts';

async function tempDir(t: { teardown(fn: () => unknown): void }) {
  const dir = await mkdtemp(join(tmpdir(), 'member-config-test-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

t.test('defaults, with keys created once under DATA_DIR', async (t) => {
  const dir = await tempDir(t);
  const config = loadMemberServiceConfig({ DATA_DIR: dir });
  t.match(config, {
    host: '127.0.0.1',
    port: 4000,
    dataDir: dir,
    databaseUrl: undefined,
    smtpUrl: undefined,
    mailFrom: 'no-reply@corp.example',
    publicOrigin: 'http://localhost:3000',
    companyDomains: ['corp.example'],
    tokenTtlSeconds: 28800,
    logLevel: 'info',
  });
  t.match(config.serviceKey, /^[0-9a-f]{64}$/);
  t.match(config.passwordEncodingKey, /^[0-9a-f]{64}$/);
  t.match(config.crmHashKey, /^[0-9a-f]{64}$/);
  t.equal((await readFile(join(dir, 'secrets', 'service-key'), 'utf8')).trim(), config.serviceKey);
  const again = loadMemberServiceConfig({ DATA_DIR: dir });
  t.equal(again.serviceKey, config.serviceKey, 'the same keys on the next start');
  t.equal(again.passwordEncodingKey, config.passwordEncodingKey);
  t.equal(again.crmHashKey, config.crmHashKey);
});

t.test('every variable is read', async (t) => {
  const dir = await tempDir(t);
  const config = loadMemberServiceConfig({
    MEMBER_SERVICE_HOST: '0.0.0.0',
    MEMBER_SERVICE_PORT: '4100',
    DATA_DIR: dir,
    DATABASE_URL: 'postgres://u:p@db.example:5432/members',
    SMTP_URL: 'smtps://u:p@mail.example:465',
    MAIL_FROM: 'Portal <portal@example.com>',
    PUBLIC_ORIGIN: 'https://members.example/',
    SERVICE_KEY: 'k'.repeat(32),
    PASSWORD_ENCODING_KEY: 'ab'.repeat(32),
    CRM_HASH_KEY: 'c'.repeat(32),
    COMPANY_DOMAINS: ' Corp.Example , group.example,',
    MEMBER_TOKEN_TTL_SECONDS: '3600',
    JOB_POLL_SECONDS: '30',
    LOG_LEVEL: 'warn',
    SMS_PER_NUMBER_PER_HOUR: '3',
    VERIFICATION_MAIL_PER_ADDRESS_PER_HOUR: '4',
    DELIVERY_RETRY_SECONDS: '20',
    DELIVERY_POLL_SECONDS: '2',
    DELIVERY_GIVE_UP_HOURS: '24',
    MAIL_QUEUE_MAX_AGE_SECONDS: '600',
    MEMBER_SERVICE_METRICS_PORT: '9500',
    MEMBER_SERVICE_METRICS_HOST: '0.0.0.0',
    PASSWORD_HASH_COST: 'test-only',
    SMTP_ALLOW_PLAINTEXT: 'true',
  });
  t.same(config, {
    host: '0.0.0.0',
    port: 4100,
    dataDir: dir,
    databaseUrl: 'postgres://u:p@db.example:5432/members',
    smtpUrl: 'smtps://u:p@mail.example:465',
    smtpAllowPlaintext: true,
    mailFrom: 'Portal <portal@example.com>',
    publicOrigin: 'https://members.example',
    serviceKey: 'k'.repeat(32),
    passwordEncodingKey: 'ab'.repeat(32),
    crmHashKey: 'c'.repeat(32),
    companyDomains: ['corp.example', 'group.example'],
    tokenTtlSeconds: 3600,
    jobPollSeconds: 30,
    logLevel: 'warn',
    smsPerNumberPerHour: 3,
    verificationMailPerAddressPerHour: 4,
    deliveryRetrySeconds: 20,
    deliveryPollSeconds: 2,
    deliveryGiveUpHours: 24,
    mailQueueMaxAgeSeconds: 600,
    metrics: { host: '0.0.0.0', port: 9500 },
    passwordHashCost: 'test-only',
  });
});

t.test('a bad value names its variable', async (t) => {
  const dir = await tempDir(t);
  const bad: Record<string, string> = {
    MEMBER_SERVICE_PORT: 'eighty',
    DATABASE_URL: 'mysql://db',
    SMTP_URL: 'http://mail',
    PUBLIC_ORIGIN: 'localhost:3000',
    SERVICE_KEY: 'short',
    PASSWORD_ENCODING_KEY: 'not-hex',
    CRM_HASH_KEY: 'too short',
    COMPANY_DOMAINS: 'corp.example; evil',
    MEMBER_TOKEN_TTL_SECONDS: '-5',
    LOG_LEVEL: 'loud',
    SMS_PER_NUMBER_PER_HOUR: '0',
    VERIFICATION_MAIL_PER_ADDRESS_PER_HOUR: 'many',
    DELIVERY_RETRY_SECONDS: '0',
    DELIVERY_POLL_SECONDS: '1.5',
    DELIVERY_GIVE_UP_HOURS: 'forever',
  };
  for (const [name, value] of Object.entries(bad)) {
    t.throws(() => loadMemberServiceConfig({ DATA_DIR: dir, [name]: value }), new RegExp(`^Invalid ${name}:`), name);
  }
  t.throws(() => loadMemberServiceConfig({ DATA_DIR: dir, MEMBER_SERVICE_PORT: '70000' }), /^Invalid MEMBER_SERVICE_PORT/);
  t.throws(() => loadMemberServiceConfig({ DATA_DIR: dir, MEMBER_TOKEN_TTL_SECONDS: '10' }), /^Invalid MEMBER_TOKEN_TTL_SECONDS/);
});
