import { FIRST_NAME_MAX_LENGTH, LAST_NAME_MAX_LENGTH } from '../../shared/limits.ts';
import { familyNameFirst } from '../../shared/person-name.ts';
import { useLanguage } from '../session/language-context.ts';
import { Field } from './field.tsx';

export interface NameFieldsProps {
  /** Translation keys of the two labels. */
  firstNameLabel: string;
  lastNameLabel: string;
}

/**
 * First and last name in the order the page's language writes them: the family name first in
 * Japanese, Chinese and Korean. The form values stay firstName (given) and lastName (family).
 */
export function NameFields({ firstNameLabel, lastNameLabel }: NameFieldsProps) {
  const lang = useLanguage();
  // One character over the limit is accepted so the length message can show (spec section 5).
  const first = (
    <Field
      key="firstName"
      name="firstName"
      label={firstNameLabel}
      maxLength={FIRST_NAME_MAX_LENGTH + 1}
      autoComplete="given-name"
      required
    />
  );
  const last = (
    <Field key="lastName" name="lastName" label={lastNameLabel} maxLength={LAST_NAME_MAX_LENGTH + 1} autoComplete="family-name" required />
  );
  return <>{familyNameFirst(lang) ? [last, first] : [first, last]}</>;
}
