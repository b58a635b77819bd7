import { CaptchaType } from '../../../shared/enums.ts';
import type { CaptchaConfig, CaptchaProviderConfig } from './captcha-config.ts';

/** What a page needs to show the captcha: the provider type (null: off) and its public site key. */
export interface CaptchaChoice {
  type: CaptchaType | null;
  siteKey?: string;
  /** The request came to one of the Chinese site's hosts. */
  chineseSite: boolean;
  /** The provider whose siteverify checks the answer; absent when nothing is checked. */
  provider?: CaptchaProviderConfig;
  /**
   * The host's provider has no keys while the other one has: the captcha is meant to be on, so
   * the forms it guards refuse rather than pass unchecked.
   */
  unconfigured?: true;
}

/** What the choice is made from: only what the operator configured and the host the request came to. */
export interface CaptchaRequestFacts {
  /** Host name without the port, as the request names it. */
  hostname: string;
  userAgent: string | undefined;
}

/** WeChat's in-app browser names itself MicroMessenger in its user agent. */
function isWeChatBrowser(userAgent: string | undefined): boolean {
  return /MicroMessenger/i.test(userAgent ?? '');
}

/**
 * The captcha of one request (spec section 4): Turnstile on the Chinese site's hosts, Google
 * elsewhere. The language never chooses: it is the visitor's to send, and a choice it could
 * steer would let a request pick the provider without keys and so no captcha at all. Off only
 * when no provider has keys; the WeChat in-app browser skips it only when the operator allows that.
 */
export function chooseCaptcha(config: CaptchaConfig, facts: CaptchaRequestFacts): CaptchaChoice {
  const chineseSite = config.chineseHosts.includes(facts.hostname.toLowerCase());
  const [type, provider, other] = chineseSite
    ? [CaptchaType.Cloudflare, config.turnstile, config.google]
    : [CaptchaType.Google, config.google, config.turnstile];
  if (!provider) return other ? { type, chineseSite, unconfigured: true } : { type: null, chineseSite };
  if (config.allowWeChatSkip && isWeChatBrowser(facts.userAgent)) return { type: CaptchaType.None, chineseSite };
  return { type, siteKey: provider.siteKey, chineseSite, provider };
}
