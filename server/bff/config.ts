import { resolve } from 'node:path';
import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { loadOrCreateSecret } from '../common/secrets.ts';
import { loadMetricsListenerConfig, type MetricsListenerConfig } from '../common/metrics/metrics-config.ts';
import { loadCaptchaConfig, type CaptchaConfig } from './captcha/captcha-config.ts';
import { loadSocialConfig, type SocialConfig } from './social/social-config.ts';
import { isProxyAddress, TRUST_PROXY_TRUE_REFUSED } from './trust-proxy.ts';
import { loadOidcConfig, type OidcConfig } from './oidc/oidc-config.ts';
import { loadBrandConfig, type BrandConfig } from './brand/brand-config.ts';

export interface BffConfig {
  host: string;
  port: number;
  dataDir: string;
  /** Base URL without a trailing slash. Unset: main.ts starts the reference member service in-process and fills this in. */
  upstreamUrl: string | undefined;
  upstreamServiceKey: string;
  passwordEncodingKey: string;
  upstreamTimeoutMs: number;
  /** Normalised origin (scheme, host, port; no trailing slash). */
  publicOrigin: string;
  sessionSecret: string;
  sessionIdleSeconds: number;
  sessionAbsoluteSeconds: number;
  /** Lowercased hosts callback URLs may lead to, besides the portal's own: `host`, `host:port` or `scheme://host[:port]` (server/bff/callback-url.ts). */
  allowedCallbackHosts: string[];
  /** Names members know company sites by (CALLBACK_SITE_NAMES), by allow-list entry; a site without one is named by its host. */
  callbackSiteNames: Record<string, string>;
  clientDir: string;
  rateLimitPerMinute: number;
  /** Requests per minute and IP at the password-link calls (reset link, keep-password link) and social sign-up/connect. */
  loginRateLimitPerMinute: number;
  /** Failed sign-in checks (password, code, referer ticket) per IP within loginFailureWindowSeconds; successes are not counted. */
  loginFailuresPerIp: number;
  loginFailureWindowSeconds: number;
  registerRateLimitPerMinute: number;
  /** Sign-in code requests (SendOtpCode) per minute and IP. */
  otpRateLimitPerMinute: number;
  /** Keys company sites present (Bearer) to redeem sign-in tickets at CheckGoToProfile; empty: nobody can. */
  /** Company sites' keys for redeeming tickets (SSO_SITE_KEYS), each bound to the callback entry it names, if any. */
  ssoSites: SsoSite[];
  /** E-mail existence checks (IsExist) per address and hour, whoever asks. */
  emailCheckPerAddressPerHour: number;
  /** false: no proxy; a number: that many proxies in front (hops); a string: the proxies' addresses and CIDR ranges. */
  trustProxy: false | number | string;
  /** A request, body included, must have arrived within this many milliseconds of its first byte. */
  requestTimeoutMs: number;
  /** The request line and headers must have arrived within this many milliseconds. */
  headersTimeoutMs: number;
  /** An idle kept-alive connection closes after this many milliseconds. */
  keepAliveTimeoutMs: number;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Set: sessions, lockout and OTP state and rate-limit counters live in Redis, shared by every instance. */
  redisUrl: string | undefined;
  /** Password mails (forgot password, resend, annual reminder) per address and hour, whoever asks. */
  passwordMailPerAddressPerHour: number;
  /** Where employees reset their password (forgot password answers ResetPwd4DL); unset: a message only. */
  employeeResetPasswordUrl: string | undefined;
  /** Put before every key the portal writes to Redis. */
  redisKeyPrefix: string;
  /** reCAPTCHA and Turnstile keys, the Chinese hosts and the WeChat skip (server/bff/captcha/captcha-config.ts). */
  captcha: CaptchaConfig;
  /** Google, Facebook and LinkedIn app credentials and endpoints (server/bff/social/social-config.ts). */
  social: SocialConfig;
  /** Where main.ts serves Prometheus metrics (METRICS_PORT, METRICS_HOST); undefined: no listener. */
  metrics?: MetricsListenerConfig;
  /** The company's name, logo and primary colour on the portal (server/bff/brand/brand-config.ts); empty: the portal's own look. */
  brand: BrandConfig;
  /** The OpenID Provider's sites and keys (server/bff/oidc/oidc-config.ts); undefined: no site configured, no provider. */
  oidc?: OidcConfig;
}

const positiveInteger = Type.String({ pattern: '^[1-9][0-9]{0,9}$' });
const host = '[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?(:[0-9]{1,5})?';
const callbackHost = `(https?://)?${host}`;
/** An allow-list entry and the name its site goes by (`shop.example.com=Shop`): no commas or markup in the name. */
const siteName = `${callbackHost}=[^,=<>]{1,60}`;
/** A site key, after the callback entry of the one site it redeems tickets for (`shop.example.com=<key>`). */
const ssoSite = `(${callbackHost}=)?[A-Za-z0-9_-]{32,200}`;

/** The environment as strings; an empty value counts as unset. */
const EnvSchema = Type.Object({
  PORT: Type.Optional(Type.String({ pattern: '^[0-9]{1,5}$' })),
  HOST: Type.Optional(Type.String({ minLength: 1 })),
  DATA_DIR: Type.Optional(Type.String({ minLength: 1 })),
  UPSTREAM_URL: Type.Optional(Type.String({ pattern: '^https?://[^\\s]+$' })),
  UPSTREAM_SERVICE_KEY: Type.Optional(Type.String({ minLength: 16 })),
  PASSWORD_ENCODING_KEY: Type.Optional(Type.String({ pattern: '^[0-9a-fA-F]{64}$' })),
  UPSTREAM_TIMEOUT_MS: Type.Optional(positiveInteger),
  PUBLIC_ORIGIN: Type.Optional(Type.String({ pattern: `^https?://${host}/?$` })),
  SESSION_SECRET: Type.Optional(Type.String({ minLength: 32 })),
  SESSION_IDLE_SECONDS: Type.Optional(positiveInteger),
  SESSION_ABSOLUTE_SECONDS: Type.Optional(positiveInteger),
  ALLOWED_CALLBACK_HOSTS: Type.Optional(Type.String({ pattern: `^\\s*${callbackHost}(\\s*,\\s*${callbackHost})*\\s*,?\\s*$` })),
  CALLBACK_SITE_NAMES: Type.Optional(Type.String({ pattern: `^\\s*${siteName}(\\s*,\\s*${siteName})*\\s*,?\\s*$` })),
  CLIENT_DIR: Type.Optional(Type.String({ minLength: 1 })),
  RATE_LIMIT_PER_MINUTE: Type.Optional(positiveInteger),
  LOGIN_RATE_LIMIT_PER_MINUTE: Type.Optional(positiveInteger),
  LOGIN_FAILURES_PER_IP: Type.Optional(positiveInteger),
  LOGIN_FAILURE_WINDOW_SECONDS: Type.Optional(positiveInteger),
  REGISTER_RATE_LIMIT_PER_MINUTE: Type.Optional(positiveInteger),
  OTP_RATE_LIMIT_PER_MINUTE: Type.Optional(positiveInteger),
  SSO_SITE_KEYS: Type.Optional(Type.String({ pattern: `^\\s*${ssoSite}(\\s*,\\s*${ssoSite})*\\s*$` })),
  EMAIL_CHECK_PER_ADDRESS_PER_HOUR: Type.Optional(positiveInteger),
  TRUST_PROXY: Type.Optional(Type.String({ pattern: '^(true|false|[0-9]{1,2}|[0-9A-Za-z.:/]+(\\s*,\\s*[0-9A-Za-z.:/]+)*)$' })),
  REQUEST_TIMEOUT_MS: Type.Optional(positiveInteger),
  HEADERS_TIMEOUT_MS: Type.Optional(positiveInteger),
  KEEP_ALIVE_TIMEOUT_MS: Type.Optional(positiveInteger),
  LOG_LEVEL: Type.Optional(Type.Union(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((level) => Type.Literal(level)))),
  REDIS_URL: Type.Optional(Type.String({ pattern: '^rediss?://[^\\s]+$' })),
  PASSWORD_MAIL_PER_ADDRESS_PER_HOUR: Type.Optional(positiveInteger),
  EMPLOYEE_RESET_PASSWORD_URL: Type.Optional(Type.String({ pattern: '^https://[^\\s]+$' })),
  REDIS_KEY_PREFIX: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9:._-]{1,64}$' })),
});
type Env = Static<typeof EnvSchema>;

function invalid(variable: string, why: string): Error {
  return new Error(`Invalid ${variable}: ${why}`);
}

function pickEnv(env: NodeJS.ProcessEnv): Env {
  const picked: Record<string, string> = {};
  for (const key of Object.keys(EnvSchema.properties)) {
    const value = env[key];
    if (value !== undefined && value.trim() !== '') picked[key] = value.trim();
  }
  const firstError = Value.Errors(EnvSchema, picked).First();
  if (firstError) {
    const variable = firstError.path.replace(/^\//, '');
    throw invalid(variable, `'${picked[variable] ?? ''}' is not accepted (${firstError.message})`);
  }
  return picked as Env;
}

function parsePort(value: string | undefined): number {
  const port = Number(value ?? 3000);
  if (port > 65535) throw invalid('PORT', 'must be between 0 and 65535');
  return port;
}

function parseTrustProxy(value: string | undefined): false | number | string {
  if (value === undefined || value === 'false') return false;
  // `true` trusts every X-Forwarded-For entry, so the visitor picks the address the per-IP
  // limits, the activity log and the new-device mail see by writing the header himself.
  if (value === 'true') throw invalid('TRUST_PROXY', TRUST_PROXY_TRUE_REFUSED);
  if (/^[0-9]+$/.test(value)) return Number(value);
  const entries = value.split(',').map((entry) => entry.trim());
  const bad = entries.find((entry) => !isProxyAddress(entry));
  if (bad !== undefined) throw invalid('TRUST_PROXY', `'${bad}' is not an IP address or CIDR range`);
  return entries.join(',');
}

/** `shop.example.com=Shop, https://partners.example.com=Partner Portal` → entry → name. */
function parseSiteNames(value: string | undefined): Record<string, string> {
  const names: Record<string, string> = {};
  for (const pair of (value ?? '').split(',')) {
    const at = pair.indexOf('=');
    if (at === -1) continue;
    names[pair.slice(0, at).trim().toLowerCase()] = pair.slice(at + 1).trim();
  }
  return names;
}

function parseHosts(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter((entry) => entry !== '');
}

export interface SsoSite {
  key: string;
  /** The ALLOWED_CALLBACK_HOSTS-style entry whose tickets alone the key redeems; unset: any site's. */
  site?: string;
}

function parseSsoSites(value: string | undefined): SsoSite[] {
  return (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .map((entry) => {
      const at = entry.lastIndexOf('=');
      return at === -1 ? { key: entry } : { key: entry.slice(at + 1), site: entry.slice(0, at).toLowerCase() };
    });
}

/** Reads and checks the portal's settings; a bad value throws an Error naming the variable. */
export function loadBffConfig(env: NodeJS.ProcessEnv = process.env): BffConfig {
  const e = pickEnv(env);
  const port = parsePort(e.PORT);
  const dataDir = resolve(e.DATA_DIR ?? './data');
  const publicOrigin = new URL(e.PUBLIC_ORIGIN ?? `http://localhost:${port}`).origin;
  const trustProxy = parseTrustProxy(e.TRUST_PROXY);
  if (publicOrigin.startsWith('https:') && trustProxy === false) {
    // Secure cookies are only issued on requests the app sees as https, which behind a
    // TLS-terminating proxy needs X-Forwarded-Proto to be trusted.
    throw invalid('TRUST_PROXY', 'must be set when PUBLIC_ORIGIN is https (the portal runs behind a TLS proxy)');
  }
  const idle = Number(e.SESSION_IDLE_SECONDS ?? 1800);
  const absolute = Number(e.SESSION_ABSOLUTE_SECONDS ?? 28800);
  if (absolute < idle) throw invalid('SESSION_ABSOLUTE_SECONDS', 'must not be shorter than SESSION_IDLE_SECONDS');
  const requestTimeoutMs = Number(e.REQUEST_TIMEOUT_MS ?? 30000);
  const headersTimeoutMs = Number(e.HEADERS_TIMEOUT_MS ?? Math.min(10000, requestTimeoutMs));
  if (headersTimeoutMs > requestTimeoutMs) throw invalid('HEADERS_TIMEOUT_MS', 'must not be longer than REQUEST_TIMEOUT_MS');

  return {
    host: e.HOST ?? '0.0.0.0',
    port,
    dataDir,
    upstreamUrl: e.UPSTREAM_URL === undefined ? undefined : new URL(e.UPSTREAM_URL).href.replace(/\/+$/, ''),
    upstreamServiceKey: e.UPSTREAM_SERVICE_KEY ?? loadOrCreateSecret(dataDir, 'service-key'),
    passwordEncodingKey: e.PASSWORD_ENCODING_KEY ?? loadOrCreateSecret(dataDir, 'password-encoding-key'),
    upstreamTimeoutMs: Number(e.UPSTREAM_TIMEOUT_MS ?? 10000),
    publicOrigin,
    sessionSecret: e.SESSION_SECRET ?? loadOrCreateSecret(dataDir, 'session-secret'),
    sessionIdleSeconds: idle,
    sessionAbsoluteSeconds: absolute,
    allowedCallbackHosts: parseHosts(e.ALLOWED_CALLBACK_HOSTS),
    callbackSiteNames: parseSiteNames(e.CALLBACK_SITE_NAMES),
    clientDir: resolve(e.CLIENT_DIR ?? 'dist/client'),
    rateLimitPerMinute: Number(e.RATE_LIMIT_PER_MINUTE ?? 300),
    loginRateLimitPerMinute: Number(e.LOGIN_RATE_LIMIT_PER_MINUTE ?? 20),
    // Sized for an office behind one address: its typos, not its sign-ins, use this up.
    loginFailuresPerIp: Number(e.LOGIN_FAILURES_PER_IP ?? 50),
    loginFailureWindowSeconds: Number(e.LOGIN_FAILURE_WINDOW_SECONDS ?? 900),
    registerRateLimitPerMinute: Number(e.REGISTER_RATE_LIMIT_PER_MINUTE ?? 10),
    otpRateLimitPerMinute: Number(e.OTP_RATE_LIMIT_PER_MINUTE ?? 5),
    ssoSites: parseSsoSites(e.SSO_SITE_KEYS),
    emailCheckPerAddressPerHour: Number(e.EMAIL_CHECK_PER_ADDRESS_PER_HOUR ?? 20),
    trustProxy,
    requestTimeoutMs,
    headersTimeoutMs,
    keepAliveTimeoutMs: Number(e.KEEP_ALIVE_TIMEOUT_MS ?? 72000),
    logLevel: (e.LOG_LEVEL ?? 'info') as BffConfig['logLevel'],
    redisUrl: e.REDIS_URL,
    passwordMailPerAddressPerHour: Number(e.PASSWORD_MAIL_PER_ADDRESS_PER_HOUR ?? 5),
    employeeResetPasswordUrl: e.EMPLOYEE_RESET_PASSWORD_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX ?? 'portal:',
    captcha: loadCaptchaConfig(env),
    social: loadSocialConfig(env),
    metrics: loadMetricsListenerConfig(env, { port: 'METRICS_PORT', host: 'METRICS_HOST', defaultPort: 9464 }),
    oidc: loadOidcConfig(env, dataDir),
    brand: loadBrandConfig(env),
  };
}
