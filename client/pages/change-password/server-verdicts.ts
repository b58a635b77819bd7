import type { FieldErrors } from '../../../shared/rules/types.ts';

/** A field the server refused, tied to the value it judged. */
export interface ServerVerdict {
  field: string;
  code: string;
  value: unknown;
}

/**
 * The form's own rule errors, plus the server's verdicts on fields that still hold the value it
 * judged: editing the field clears the server's message for it.
 */
export function withServerVerdicts(errors: FieldErrors, values: Record<string, unknown>, verdicts: readonly ServerVerdict[]): FieldErrors {
  const merged = { ...errors };
  for (const { field, code, value } of verdicts) {
    if (!merged[field] && values[field] === value) merged[field] = code;
  }
  return merged;
}
