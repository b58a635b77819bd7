import { dictionary } from '@zxcvbn-ts/language-common';

let common: Set<string> | undefined;

/**
 * True when the password, ignoring case, is on the list of the most common breached passwords
 * shipped with zxcvbn-ts (about 49,000 entries). The list is lowercase, so 'Password1' is
 * refused as 'password1' is.
 */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common']);
  return common.has(password.toLowerCase());
}
