import { getExample, getRegionCodeForCountryCode } from 'awesome-phonenumber';

export interface SampleNumbers {
  /** International form, e.g. '+49 30 123456'; '' when the numbering plan has no example. */
  fixed: string;
  mobile: string;
}

/** A country (ISO alpha-2, 'DE') or a calling code ('49', '+49') as a numbering region. */
function regionOf(id: string): string | undefined {
  if (/^[A-Za-z]{2}$/.test(id)) return id.toUpperCase();
  const code = Number(id.replace(/^\+/, ''));
  const region = Number.isInteger(code) && code > 0 ? getRegionCodeForCountryCode(code) : 'ZZ';
  return region === 'ZZ' ? undefined : region;
}

function example(region: string, type: 'fixed-line' | 'mobile'): string {
  try {
    return getExample(region, type).number?.international ?? '';
  } catch {
    // Regions without a numbering plan (Antarctica) have no examples.
    return '';
  }
}

/** Real example numbers of a country's numbering plan, for the register form's tooltip. */
export function sampleNumbers(id: string): SampleNumbers | undefined {
  const region = regionOf(id);
  if (!region) return undefined;
  const numbers = { fixed: example(region, 'fixed-line'), mobile: example(region, 'mobile') };
  return numbers.fixed === '' && numbers.mobile === '' ? undefined : numbers;
}
