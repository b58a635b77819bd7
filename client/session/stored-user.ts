/**
 * The user id the client remembers between screens (spec section 3): session storage first,
 * then local storage, so a reset link opened in a new tab still knows it.
 */
const USER_ID_KEY = 'userId';

export function rememberUserId(userId: string): void {
  sessionStorage.setItem(USER_ID_KEY, userId);
  localStorage.setItem(USER_ID_KEY, userId);
}

export function readUserId(): string | undefined {
  return sessionStorage.getItem(USER_ID_KEY) ?? localStorage.getItem(USER_ID_KEY) ?? undefined;
}

export function forgetUserId(): void {
  sessionStorage.removeItem(USER_ID_KEY);
  localStorage.removeItem(USER_ID_KEY);
}
