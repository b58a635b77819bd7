import type { FieldCode } from '../codes.ts';

/**
 * A rule violation is a bare error code; the client shows the translation `error.<code>`.
 * Form-level validators return one code per field name, the shape final-form expects.
 */
export type FieldErrors = Partial<Record<string, FieldCode>>;

export function hasErrors(errors: FieldErrors): boolean {
  return Object.values(errors).some(Boolean);
}

export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || String(value).trim() === '';
}

export function tooLong(value: unknown, max: number): boolean {
  return typeof value === 'string' && value.length > max;
}
