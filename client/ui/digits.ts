import { digitsOnly } from '../../shared/rules/phone.ts';

/** react-final-form `parse` for phone inputs: whatever is typed or pasted keeps its digits only. */
export function parseDigits(value: string | undefined): string {
  return digitsOnly(value ?? '');
}
