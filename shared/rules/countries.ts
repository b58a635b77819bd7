/** Country helpers of spec section 5: countries are recognised by their lowercase English name. */
function nameOf(country: string | undefined | null): string {
  return (country ?? '').trim().toLowerCase();
}

export const isChina = (country?: string | null) => nameOf(country) === 'china';
export const isTurkey = (country?: string | null) => ['turkey', 'turkiye', 'türkiye'].includes(nameOf(country));
export const isKorea = (country?: string | null) =>
  ['korea', 'south korea', 'korea, republic of', 'republic of korea'].includes(nameOf(country));
export const isJapan = (country?: string | null) => nameOf(country) === 'japan';

/** 'GDPR country' in the spec's sense: the global policy applies to everyone but Korea and Turkey. */
export const isGdprCountry = (country?: string | null) => !isKorea(country) && !isTurkey(country);

/** Countries whose members must choose a state (spec section 5). */
export const STATE_REQUIRED_COUNTRIES = ['australia', 'canada', 'china', 'japan', 'mexico', 'united states'];
export const requiresState = (country?: string | null) => STATE_REQUIRED_COUNTRIES.includes(nameOf(country));

/** Which privacy block the registration form shows for a country. */
export type PrivacyBlock = 'turkey' | 'korea' | 'japan' | 'global';
export function privacyBlockFor(country?: string | null): PrivacyBlock {
  if (isTurkey(country)) return 'turkey';
  if (isKorea(country)) return 'korea';
  if (isJapan(country)) return 'japan';
  return 'global';
}

const EUROPE_REGION = 'Europe';
export const RMA_SOURCE = 'rma';

/** VAT number and address apply to members in the Europe region who came with pass/source rma. */
export function needsVatAndAddress(region: string | undefined | null, source: string | undefined | null): boolean {
  return region === EUROPE_REGION && (source ?? '').toLowerCase() === RMA_SOURCE;
}
