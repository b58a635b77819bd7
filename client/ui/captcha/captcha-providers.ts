import { CaptchaType } from '../../../shared/enums.ts';
import type { Language } from '../../../shared/languages.ts';
import { CAPTCHA_RETRY_MS } from '../../../shared/limits.ts';

/** The part of reCAPTCHA's and Turnstile's widget APIs the portal uses; both have the same shape. */
interface WidgetApi {
  render(container: HTMLElement, options: Record<string, unknown>): string | number;
  reset(widgetId?: string | number): void;
}

declare global {
  interface Window {
    grecaptcha?: WidgetApi;
    turnstile?: WidgetApi & { remove?(widgetId: string | number): void };
  }
}

export type ProviderType = typeof CaptchaType.Google | typeof CaptchaType.Cloudflare;

const PROVIDERS: Record<ProviderType, { script: string; api: () => WidgetApi | undefined; language: Record<Language, string> }> = {
  [CaptchaType.Google]: {
    script: 'https://www.google.com/recaptcha/api.js?render=explicit',
    // grecaptcha exists before it can render; render is the sign it finished loading.
    api: () => (typeof window.grecaptcha?.render === 'function' ? window.grecaptcha : undefined),
    language: { en: 'en', 'zh-tw': 'zh-TW', 'zh-cn': 'zh-CN', 'ja-jp': 'ja', 'ko-kr': 'ko', 'es-es': 'es' },
  },
  [CaptchaType.Cloudflare]: {
    script: 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit',
    api: () => (typeof window.turnstile?.render === 'function' ? window.turnstile : undefined),
    language: { en: 'en', 'zh-tw': 'zh-tw', 'zh-cn': 'zh-cn', 'ja-jp': 'ja', 'ko-kr': 'ko', 'es-es': 'es' },
  },
};

export function isProviderType(type: number | null | undefined): type is ProviderType {
  return type === CaptchaType.Google || type === CaptchaType.Cloudflare;
}

function loadScript(src: string): void {
  if (document.querySelector(`script[src="${src}"]`)) return;
  const script = document.createElement('script');
  script.src = src;
  script.async = true;
  script.defer = true;
  document.head.append(script);
}

/**
 * Loads the provider's script once and resolves with its widget API, checking every
 * CAPTCHA_RETRY_MS until it is ready (spec section 9); `signal` stops the wait.
 */
export function loadProvider(type: ProviderType, signal: AbortSignal): Promise<WidgetApi> {
  const provider = PROVIDERS[type];
  loadScript(provider.script);
  return new Promise((resolve, reject) => {
    const attempt = () => {
      if (signal.aborted) return reject(signal.reason);
      const api = provider.api();
      if (api) resolve(api);
      else setTimeout(attempt, CAPTCHA_RETRY_MS);
    };
    attempt();
  });
}

export function providerLanguage(type: ProviderType, lang: Language): string {
  return PROVIDERS[type].language[lang];
}
