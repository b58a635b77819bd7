import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { loadMetricsListenerConfig, type MetricsListenerConfig } from '../common/metrics/metrics-config.ts';
import { loadOrCreateSecret } from '../common/secrets.ts';
import type { PasswordHashCost } from './security/passwords.ts';

export interface MemberServiceConfig {
  host: string;
  port: number;
  dataDir: string;
  databaseUrl?: string;
  smtpUrl?: string;
  /** Cleartext SMTP to a host that is not loopback; otherwise `smtp://` must upgrade with STARTTLS. */
  smtpAllowPlaintext: boolean;
  mailFrom: string;
  publicOrigin: string;
  serviceKey: string;
  passwordEncodingKey: string;
  /** Key of the confirm-subscription link ids (crm/subscription-id.ts). */
  crmHashKey: string;
  companyDomains: string[];
  tokenTtlSeconds: number;
  /** How often an instance looks for due periodic jobs; 0 runs none on a timer. */
  jobPollSeconds: number;
  logLevel: string;
  /** Unset: text messages go to DATA_DIR/outbox. */
  smsWebhookUrl?: string;
  smsWebhookToken?: string;
  /** Text messages per phone number and hour, across all accounts (delivery/delivery-budget.ts). */
  smsPerNumberPerHour: number;
  /** Verification mails (Reactivate) per address and hour. */
  verificationMailPerAddressPerHour: number;
  /** Delay before the first retry of a mail or text that could not be handed over; doubles per attempt (jobs/message-delivery.ts). */
  deliveryRetrySeconds: number;
  /** How often an instance looks for mails and texts due for a retry; 0: only when it queues one. */
  deliveryPollSeconds: number;
  /** How long a mail is tried before it is given up (codes: their 10 minutes). */
  deliveryGiveUpHours: number;
  /** /readyz reports the mail queue 'behind' when its oldest message waits this long (routes/health.ts). */
  mailQueueMaxAgeSeconds: number;
  /** Where a standalone member service serves Prometheus metrics; undefined: no listener (in-process: the portal's listener serves them). */
  metrics?: MetricsListenerConfig;
  /** argon2id cost of new password hashes; `test-only` is for test suites (security/passwords.ts). */
  passwordHashCost: PasswordHashCost;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** The environment variables the member service reads, as strings, before conversion. */
const EnvSchema = Type.Object({
  MEMBER_SERVICE_HOST: Type.Optional(Type.String({ minLength: 1 })),
  MEMBER_SERVICE_PORT: Type.Optional(Type.String({ pattern: '^\\d{1,5}$' })),
  DATA_DIR: Type.Optional(Type.String({ minLength: 1 })),
  DATABASE_URL: Type.Optional(Type.String({ pattern: '^postgres(ql)?://' })),
  SMTP_URL: Type.Optional(Type.String({ pattern: '^smtps?://[^?#]+$' })),
  SMTP_ALLOW_PLAINTEXT: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')])),
  MAIL_FROM: Type.Optional(Type.String({ minLength: 3 })),
  PUBLIC_ORIGIN: Type.Optional(Type.String({ pattern: '^https?://[^/?#]+/?$' })),
  SERVICE_KEY: Type.Optional(Type.String({ minLength: 16 })),
  PASSWORD_ENCODING_KEY: Type.Optional(Type.String({ pattern: '^[0-9a-fA-F]{64}$' })),
  CRM_HASH_KEY: Type.Optional(Type.String({ minLength: 32 })),
  COMPANY_DOMAINS: Type.Optional(Type.String({ pattern: '^\\s*[a-zA-Z0-9.-]*(\\s*,\\s*[a-zA-Z0-9.-]*)*\\s*$' })),
  MEMBER_TOKEN_TTL_SECONDS: Type.Optional(Type.String({ pattern: '^\\d{2,9}$' })),
  JOB_POLL_SECONDS: Type.Optional(Type.String({ pattern: '^\\d{1,6}$' })),
  LOG_LEVEL: Type.Optional(Type.Union(LOG_LEVELS.map((l) => Type.Literal(l)))),
  SMS_WEBHOOK_URL: Type.Optional(Type.String({ pattern: '^https?://[^\\s]+$' })),
  SMS_WEBHOOK_TOKEN: Type.Optional(Type.String({ minLength: 8 })),
  SMS_PER_NUMBER_PER_HOUR: Type.Optional(Type.String({ pattern: '^[1-9]\\d{0,5}$' })),
  VERIFICATION_MAIL_PER_ADDRESS_PER_HOUR: Type.Optional(Type.String({ pattern: '^[1-9]\\d{0,5}$' })),
  DELIVERY_RETRY_SECONDS: Type.Optional(Type.String({ pattern: '^[1-9]\\d{0,4}$' })),
  DELIVERY_POLL_SECONDS: Type.Optional(Type.String({ pattern: '^\\d{1,4}$' })),
  DELIVERY_GIVE_UP_HOURS: Type.Optional(Type.String({ pattern: '^[1-9]\\d{0,3}$' })),
  MAIL_QUEUE_MAX_AGE_SECONDS: Type.Optional(Type.String({ pattern: '^[1-9]\\d{0,6}$' })),
  PASSWORD_HASH_COST: Type.Optional(Type.Union([Type.Literal('production'), Type.Literal('test-only')])),
});
type Env = Static<typeof EnvSchema>;

function pickEnv(env: NodeJS.ProcessEnv): Env {
  const picked: Record<string, string> = {};
  for (const name of Object.keys(EnvSchema.properties)) {
    const value = env[name];
    if (value !== undefined && value !== '') picked[name] = value;
  }
  return picked as Env;
}

function invalid(name: string, reason: string): Error {
  return new Error(`Invalid ${name}: ${reason}`);
}

export function loadMemberServiceConfig(env: NodeJS.ProcessEnv = process.env): MemberServiceConfig {
  const values = pickEnv(env);
  const firstError = Value.Errors(EnvSchema, values).First();
  if (firstError) throw invalid(firstError.path.replace(/^\//, ''), firstError.message);

  const port = Number(values.MEMBER_SERVICE_PORT ?? 4000);
  if (port > 65535) throw invalid('MEMBER_SERVICE_PORT', 'must be at most 65535');
  const tokenTtlSeconds = Number(values.MEMBER_TOKEN_TTL_SECONDS ?? 28800);
  if (tokenTtlSeconds < 60) throw invalid('MEMBER_TOKEN_TTL_SECONDS', 'must be at least 60');
  const companyDomains = (values.COMPANY_DOMAINS ?? 'corp.example')
    .split(',')
    .map((d) => d.trim().toLowerCase())
    .filter(Boolean);
  const dataDir = values.DATA_DIR ?? './data';
  const passwordHashCost = values.PASSWORD_HASH_COST ?? 'production';
  // A weak hash cost must never reach real passwords, whoever copies a test's environment.
  if (passwordHashCost !== 'production' && env.NODE_ENV === 'production')
    throw invalid('PASSWORD_HASH_COST', 'test-only is refused when NODE_ENV=production');

  return {
    host: values.MEMBER_SERVICE_HOST ?? '127.0.0.1',
    port,
    dataDir,
    databaseUrl: values.DATABASE_URL,
    smtpUrl: values.SMTP_URL,
    smtpAllowPlaintext: values.SMTP_ALLOW_PLAINTEXT === 'true',
    mailFrom: values.MAIL_FROM ?? `no-reply@${companyDomains[0] ?? 'localhost'}`,
    publicOrigin: (values.PUBLIC_ORIGIN ?? 'http://localhost:3000').replace(/\/$/, ''),
    serviceKey: values.SERVICE_KEY ?? loadOrCreateSecret(dataDir, 'service-key'),
    passwordEncodingKey: values.PASSWORD_ENCODING_KEY ?? loadOrCreateSecret(dataDir, 'password-encoding-key'),
    crmHashKey: values.CRM_HASH_KEY ?? loadOrCreateSecret(dataDir, 'crm-hash-key'),
    companyDomains,
    tokenTtlSeconds,
    jobPollSeconds: Number(values.JOB_POLL_SECONDS ?? 60),
    logLevel: values.LOG_LEVEL ?? 'info',
    smsWebhookUrl: values.SMS_WEBHOOK_URL,
    smsWebhookToken: values.SMS_WEBHOOK_TOKEN,
    smsPerNumberPerHour: Number(values.SMS_PER_NUMBER_PER_HOUR ?? 5),
    verificationMailPerAddressPerHour: Number(values.VERIFICATION_MAIL_PER_ADDRESS_PER_HOUR ?? 5),
    deliveryRetrySeconds: Number(values.DELIVERY_RETRY_SECONDS ?? 10),
    deliveryPollSeconds: Number(values.DELIVERY_POLL_SECONDS ?? 5),
    deliveryGiveUpHours: Number(values.DELIVERY_GIVE_UP_HOURS ?? 72),
    mailQueueMaxAgeSeconds: Number(values.MAIL_QUEUE_MAX_AGE_SECONDS ?? 900),
    metrics: loadMetricsListenerConfig(env, {
      port: 'MEMBER_SERVICE_METRICS_PORT',
      host: 'MEMBER_SERVICE_METRICS_HOST',
      defaultPort: 9465,
    }),
    passwordHashCost,
  };
}
