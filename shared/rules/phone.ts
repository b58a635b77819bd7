/** Phone inputs keep digits only (spec section 5). */
export function digitsOnly(value: string): string {
  return value.replace(/\D+/g, '');
}

export function isDigits(value: string): boolean {
  return /^\d*$/.test(value);
}

/** A calling code as the country-code selector stores it ('49', '+49'), or nothing chosen yet. */
export function isCallingCode(value: string): boolean {
  return /^\+?\d*$/.test(value);
}
