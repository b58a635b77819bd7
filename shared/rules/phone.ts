/** Phone inputs keep digits only (spec section 5). */
export function digitsOnly(value: string): string {
  return value.replace(/\D+/g, '');
}

export function isDigits(value: string): boolean {
  return /^\d*$/.test(value);
}
