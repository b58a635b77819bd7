import { useMemo } from 'react';
import type { Language } from '../shared/languages.ts';
import { PROMOTIONAL_PASS } from '../shared/limits.ts';
import { RMA_SOURCE } from '../shared/rules/countries.ts';
import { usePortalConfig } from './api/portal-config.ts';
import { useLanguage } from './session/language-context.ts';
import { useUrlSession } from './session/use-url-session.ts';

/** The pass value of the aures site: its links carry pass=aures (any case). */
const AURES_PASS = 'aures';
/** pass=rma: VAT number and address for members in the Europe region. */
export const RMA_PASS = RMA_SOURCE;
/** pass=mya: the login page announces the employee/partner platform. */
const MYA_PASS = 'mya';

export type Brand = 'default' | 'iotmart' | 'aures';

/**
 * Every variant rule of spec section 1 in one place, resolved once per render from the URL's
 * pass, the route's language and the server's view of the host (PortalConfig.chineseSite).
 */
export interface SiteVariant {
  pass: string;
  /** Logo, home link, footer and site links. */
  brand: Brand;
  isIotmartAna: boolean;
  isAures: boolean;
  companyNameRequired: boolean;
  showLanguagePicker: boolean;
  /** pass=rma: VAT and address when the member's country is in the Europe region. */
  europeanVatAndAddress: boolean;
  showMyaAnnouncement: boolean;
  /** Chinese host or zh-cn: no social sign-in, no Connected Accounts, Turnstile captcha, no Google script. */
  chineseSite: boolean;
  /** The social types whose buttons show (none on the Chinese site or while the configuration loads). */
  socialTypes: number[];
  /** The GDPR contact replaces the helpdesk on error pages (aures). */
  gdprContact: boolean;
}

function resolveVariant(input: { pass: string; lang: Language; chineseHost: boolean; socialTypes: number[] }): SiteVariant {
  const pass = input.pass.toLowerCase();
  const isIotmartAna = pass === PROMOTIONAL_PASS;
  const isAures = pass === AURES_PASS;
  const chineseSite = input.chineseHost || input.lang === 'zh-cn';
  return {
    pass,
    brand: isIotmartAna ? 'iotmart' : isAures ? 'aures' : 'default',
    isIotmartAna,
    isAures,
    companyNameRequired: !isIotmartAna,
    showLanguagePicker: !isAures,
    europeanVatAndAddress: pass === RMA_PASS,
    showMyaAnnouncement: pass === MYA_PASS,
    chineseSite,
    socialTypes: chineseSite ? [] : input.socialTypes,
    gdprContact: isAures,
  };
}

export function useVariant(): SiteVariant {
  const { pass } = useUrlSession();
  const lang = useLanguage();
  const config = usePortalConfig();
  const chineseHost = config?.chineseSite ?? false;
  const socialTypes = config?.socialTypes;
  return useMemo(() => resolveVariant({ pass, lang, chineseHost, socialTypes: socialTypes ?? [] }), [pass, lang, chineseHost, socialTypes]);
}
