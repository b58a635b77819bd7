import type { Language } from '../shared/languages.ts';
import type { Brand } from './variant.ts';

/**
 * Links to the company's public sites. The portal only links out to these; change them here
 * when the sites move.
 */
export const CORPORATE_SITE = 'https://www.example.com';
const IOTMART_SITE = 'https://iotmart.example.com';
const AURES_SITE = 'https://www.aures.example.com';

/** The corporate site's path segment for each portal language. */
const SITE_LOCALE: Record<Language, string> = {
  en: 'en',
  'zh-tw': 'zh-tw',
  'zh-cn': 'zh-cn',
  'ja-jp': 'ja-jp',
  'ko-kr': 'ko-kr',
  'es-es': 'es-es',
};

export function homeLink(lang: Language, variant: Brand): string {
  if (variant === 'iotmart') return IOTMART_SITE;
  if (variant === 'aures') return AURES_SITE;
  return `${CORPORATE_SITE}/${SITE_LOCALE[lang]}`;
}

/** The helpdesk's contact page on the corporate site, in the page's language. */
export function helpdeskLink(lang: Language): string {
  return `${CORPORATE_SITE}/${SITE_LOCALE[lang]}/support/contact`;
}

/** The referrer when it is an http(s) page outside the portal; '' otherwise (nothing to ask the allow-list about). */
export function offPortalReferrer(referrer: string, portalOrigin: string): string {
  try {
    const url = new URL(referrer);
    if ((url.protocol === 'https:' || url.protocol === 'http:') && url.origin !== portalOrigin) return url.href;
  } catch {
    // no usable referrer
  }
  return '';
}

/**
 * Where the header logo leads (spec section 2, Header): back to the site the visitor came from
 * when the portal's callback allow-list accepts it (`listedReferrer`, the server's verdict on
 * offPortalReferrer), else the corporate site. Any other referrer is refused: a phishing page
 * that links to the portal must not become the target of its logo. The iotmart and aures
 * variants always lead to their own site.
 */
export function logoLink(lang: Language, variant: Brand, listedReferrer: string | null | undefined): string {
  if (variant !== 'default' || !listedReferrer) return homeLink(lang, variant);
  return listedReferrer;
}

/** The privacy policy depends on the language (spec section 1); other languages get the English one. */
export function privacyPolicyLink(lang: Language, variant: Brand = 'default'): string {
  if (variant === 'aures') return `${AURES_SITE}/privacy-policy`;
  return `${CORPORATE_SITE}/${SITE_LOCALE[lang]}/legal/privacy`;
}

export function cookiePolicyLink(lang: Language, variant: Brand = 'default'): string {
  if (variant === 'aures') return `${AURES_SITE}/cookie-policy`;
  return `${CORPORATE_SITE}/${SITE_LOCALE[lang]}/legal/cookie-policy`;
}

/** Toll-free service-centre numbers the pass=mya announcement lists, by region (spec section 1). */
export const SERVICE_CENTRE_NUMBERS = [
  { region: 'americas', number: '+1-800-555-0142' },
  { region: 'europe', number: '+800-5550-1420' },
  { region: 'asiaPacific', number: '+886-800-555-142' },
] as const;
