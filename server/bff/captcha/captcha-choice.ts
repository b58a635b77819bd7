import { CaptchaType } from '../../../shared/enums.ts';
import type { Language } from '../../../shared/languages.ts';
import type { CaptchaConfig, CaptchaProviderConfig } from './captcha-config.ts';

/** What a page needs to show the captcha: the provider type (null: off) and its public site key. */
export interface CaptchaChoice {
  type: CaptchaType | null;
  siteKey?: string;
  chineseSite: boolean;
  /** The provider whose siteverify checks the answer; absent when nothing is checked. */
  provider?: CaptchaProviderConfig;
}

export interface CaptchaRequestFacts {
  /** Host name without the port, as the request names it. */
  hostname: string;
  lang: Language;
  userAgent: string | undefined;
}

/** WeChat's in-app browser names itself MicroMessenger in its user agent. */
function isWeChatBrowser(userAgent: string | undefined): boolean {
  return /MicroMessenger/i.test(userAgent ?? '');
}

function isChineseSite(config: CaptchaConfig, hostname: string, lang: Language): boolean {
  return lang === 'zh-cn' || config.chineseHosts.includes(hostname.toLowerCase());
}

/**
 * The captcha of one request (spec section 4): Turnstile on the Chinese site or in zh-cn,
 * Google elsewhere, off when that provider has no keys; the WeChat in-app browser skips it
 * only when the operator allows that.
 */
export function chooseCaptcha(config: CaptchaConfig, facts: CaptchaRequestFacts): CaptchaChoice {
  const chineseSite = isChineseSite(config, facts.hostname, facts.lang);
  const [type, provider] = chineseSite ? [CaptchaType.Cloudflare, config.turnstile] : [CaptchaType.Google, config.google];
  if (!provider) return { type: null, chineseSite };
  if (config.allowWeChatSkip && isWeChatBrowser(facts.userAgent)) return { type: CaptchaType.None, chineseSite };
  return { type, siteKey: provider.siteKey, chineseSite, provider };
}
