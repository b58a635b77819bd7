/** One captcha provider: the key the widget shows, the secret and the siteverify endpoint the BFF checks answers with. */
export interface CaptchaProviderConfig {
  siteKey: string;
  secretKey: string;
  verifyUrl: string;
}

export interface CaptchaConfig {
  /** Google reCAPTCHA (type 1); undefined when its keys are not configured. */
  google: CaptchaProviderConfig | undefined;
  /** Cloudflare Turnstile (type 2); undefined when its keys are not configured. */
  turnstile: CaptchaProviderConfig | undefined;
  /** Lowercased host names of the Chinese site (Turnstile instead of Google). */
  chineseHosts: string[];
  /** Whether the WeChat in-app browser may skip the captcha (type 99). */
  allowWeChatSkip: boolean;
}

const GOOGLE_SITEVERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';
const TURNSTILE_SITEVERIFY_URL = 'https://challenges.cloudflare.com/turnstile/v0/siteverify';

const KEY_PATTERN = /^[A-Za-z0-9_.-]{1,200}$/;
const HOST_PATTERN = /^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/;

function read(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

function invalid(variable: string, why: string): Error {
  return new Error(`Invalid ${variable}: ${why}`);
}

function provider(env: NodeJS.ProcessEnv, prefix: 'RECAPTCHA' | 'TURNSTILE', defaultUrl: string): CaptchaProviderConfig | undefined {
  const siteKey = read(env, `${prefix}_SITE_KEY`);
  const secretKey = read(env, `${prefix}_SECRET_KEY`);
  const verifyUrl = read(env, `${prefix}_VERIFY_URL`) ?? defaultUrl;
  if (!/^https?:\/\/[^\s]+$/.test(verifyUrl)) throw invalid(`${prefix}_VERIFY_URL`, `'${verifyUrl}' is not an http(s) URL`);
  if (siteKey === undefined && secretKey === undefined) return undefined;
  // Half a key pair would silently switch the captcha off; refuse to start instead.
  if (siteKey === undefined) throw invalid(`${prefix}_SITE_KEY`, `must be set together with ${prefix}_SECRET_KEY`);
  if (secretKey === undefined) throw invalid(`${prefix}_SECRET_KEY`, `must be set together with ${prefix}_SITE_KEY`);
  if (!KEY_PATTERN.test(siteKey)) throw invalid(`${prefix}_SITE_KEY`, 'letters, digits, _ . - only');
  return { siteKey, secretKey, verifyUrl };
}

function parseBoolean(env: NodeJS.ProcessEnv, name: string): boolean {
  const value = read(env, name)?.toLowerCase();
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  throw invalid(name, `'${value}' is not true or false`);
}

/** Captcha settings from the environment; off (both providers undefined) unless keys are set. */
export function loadCaptchaConfig(env: NodeJS.ProcessEnv): CaptchaConfig {
  const chineseHosts = (read(env, 'CHINESE_HOSTS') ?? '')
    .split(',')
    .map((host) => host.trim().toLowerCase())
    .filter((host) => host !== '');
  for (const host of chineseHosts) {
    if (!HOST_PATTERN.test(host)) throw invalid('CHINESE_HOSTS', `'${host}' is not a host name`);
  }
  return {
    google: provider(env, 'RECAPTCHA', GOOGLE_SITEVERIFY_URL),
    turnstile: provider(env, 'TURNSTILE', TURNSTILE_SITEVERIFY_URL),
    chineseHosts,
    allowWeChatSkip: parseBoolean(env, 'CAPTCHA_WECHAT_SKIP'),
  };
}

/** Origins the pages must be allowed to load the configured widgets' scripts and frames from. */
export function captchaContentSources(config: CaptchaConfig): string[] {
  return [
    ...(config.google ? ['https://www.google.com', 'https://www.gstatic.com'] : []),
    ...(config.turnstile ? ['https://challenges.cloudflare.com'] : []),
  ];
}
