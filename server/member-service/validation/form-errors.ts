import type { FieldCode } from '../../../shared/codes.ts';
import type { FieldErrors } from '../../../shared/rules/types.ts';
import type { FieldError } from '../../../shared/schemas/reply.ts';

/** Field errors as the reply envelope lists them: one per field, the first group's first. */
export function errorList(...groups: FieldErrors[]): FieldError[] {
  const byField = new Map<string, FieldCode>();
  for (const group of groups) {
    for (const [field, code] of Object.entries(group)) {
      if (code !== undefined && !byField.has(field)) byField.set(field, code);
    }
  }
  return [...byField].map(([field, code]) => ({ field, code }));
}
