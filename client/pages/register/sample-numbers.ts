import type { CountryRecord } from '../../../shared/schemas/info.ts';

export interface SampleNumbers {
  fixed: string;
  mobile: string;
}

export const sampleNumberPath = (id: string) => `/api/Member/GetSampleNumber/${encodeURIComponent(id)}`;

/**
 * What to ask sample numbers for: the chosen country (so +1 in Canada shows Canadian numbers)
 * when the selected calling code is its own, else the calling code; undefined before a
 * country or a code is chosen.
 */
export function sampleNumberId(country: CountryRecord | undefined, callingCode: string | undefined): string | undefined {
  const code = (callingCode ?? '').trim().replace(/^\+/, '');
  if (country && (code === '' || code === country.phoneCode.replace(/^\+/, ''))) return country.code;
  return /^[0-9]{1,4}$/.test(code) ? code : undefined;
}
