/**
 * The address a verification mail was just sent to, kept for this tab only so the verify page
 * can name it and resend to it.
 */
const KEY = 'registeredEmail';

export function storeRegisteredEmail(email: string): void {
  try {
    sessionStorage.setItem(KEY, email);
  } catch {
    // Storage can be unavailable (private mode); the verify page then asks for the address.
  }
}

export function readRegisteredEmail(): string {
  try {
    return sessionStorage.getItem(KEY) ?? '';
  } catch {
    return '';
  }
}
