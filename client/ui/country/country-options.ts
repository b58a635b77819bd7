import type { CountryRecord } from '../../../shared/schemas/info.ts';
import type { SelectOption } from '../select-field.tsx';

/** Country choices: the stored value is the canonical English name, the label the page language's. */
export function countryOptions(countries: readonly CountryRecord[] | undefined): SelectOption[] {
  return (countries ?? []).map((record) => ({ value: record.name, label: record.label }));
}
