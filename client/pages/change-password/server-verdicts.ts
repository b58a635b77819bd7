import type { FieldErrors } from '../../../shared/rules/types.ts';
import type { ChangeFieldCode } from './change-result.ts';

/** A field the server refused, tied to the value it judged. */
export interface ServerVerdict {
  field: string;
  code: ChangeFieldCode;
  value: unknown;
}

/**
 * The form's own rule errors, plus the server's verdicts on fields that still hold the value it
 * judged: editing the field clears the server's message for it.
 */
export function withServerVerdicts(
  errors: FieldErrors,
  values: Record<string, unknown>,
  verdicts: readonly ServerVerdict[],
): Partial<Record<string, ChangeFieldCode>> {
  const merged: Partial<Record<string, ChangeFieldCode>> = { ...errors };
  for (const { field, code, value } of verdicts) {
    if (!merged[field] && values[field] === value) merged[field] = code;
  }
  return merged;
}
