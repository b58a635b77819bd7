import { CORPORATE_SITE } from '../../site-links.ts';

/** Turkey's data-protection notice (KVKK) and the clarification text on data sharing, in Turkish. */
export const TURKEY_DATA_PROTECTION_NOTICE = `${CORPORATE_SITE}/tr-tr/legal/kvkk`;
export const TURKEY_CLARIFICATION_TEXT = `${CORPORATE_SITE}/tr-tr/legal/kvkk-clarification`;
export const KOREA_TERMS_OF_USE = `${CORPORATE_SITE}/ko-kr/legal/terms-of-use`;
