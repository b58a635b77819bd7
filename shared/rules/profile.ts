import { MULTISELECT_MIN_ITEMS } from '../limits.ts';
import { validateContact, type ContactContext, type ContactValues } from './contact.ts';
import type { FieldErrors } from './types.ts';

export interface PreferenceValues {
  businessApplicationAreas?: readonly string[];
  inProducts?: readonly string[];
}

/** Both multi-selects need at least one item (choosing-preferring and My Profile). */
export function validatePreferences(values: PreferenceValues): FieldErrors {
  const tooFew = (list?: readonly string[]) => (list?.length ?? 0) < MULTISELECT_MIN_ITEMS;
  return {
    businessApplicationAreas: tooFew(values.businessApplicationAreas) ? 'QuestionRequired' : undefined,
    inProducts: tooFew(values.inProducts) ? 'QuestionRequired' : undefined,
  };
}

export interface ProfileValues extends ContactValues, PreferenceValues {}

/** My Profile: the contact rules without a phone/mobile choice, plus both multi-selects. */
export function validateProfile(values: ProfileValues, context: Omit<ContactContext, 'phoneMode'>): FieldErrors {
  return { ...validateContact(values, context), ...validatePreferences(values) };
}
