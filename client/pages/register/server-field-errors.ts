import type { FieldErrors } from '../../../shared/rules/types.ts';
import type { RegisterField } from './server-errors.ts';
import type { RegisterFormValues } from './register-values.ts';

/** A problem the server found with a field, tied to the value it judged. */
export interface ServerFieldError {
  field: RegisterField;
  code: string;
  value: unknown;
}

export function rememberServerErrors(
  fieldErrors: Partial<Record<RegisterField, string>>,
  submitted: RegisterFormValues,
): ServerFieldError[] {
  return Object.entries(fieldErrors).flatMap(([field, code]) =>
    code ? [{ field: field as RegisterField, code, value: submitted[field as RegisterField] }] : [],
  );
}

/**
 * The rule errors plus the server's verdicts on fields still holding the value it judged:
 * editing a field clears the server's message for it, and the form's own rules come first.
 */
export function withServerErrors(errors: FieldErrors, values: RegisterFormValues, serverErrors: readonly ServerFieldError[]): FieldErrors {
  const merged = { ...errors };
  for (const { field, code, value } of serverErrors) {
    if (!merged[field] && values[field] === value) merged[field] = code;
  }
  return merged;
}
