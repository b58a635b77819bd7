import type { PreferenceValues } from '../../../shared/rules/profile.ts';
import { validatePreferences } from '../../../shared/rules/profile.ts';
import type { FieldErrors } from '../../../shared/rules/types.ts';

export interface PreferringValues {
  businessApplicationAreas: string[];
  inProducts: string[];
}

export const INITIAL_PREFERRING_VALUES: PreferringValues = { businessApplicationAreas: [], inProducts: [] };

/** Both questions are required when submitting (spec section 2). */
export function validatePreferring(values: PreferenceValues): FieldErrors {
  return validatePreferences(values);
}
