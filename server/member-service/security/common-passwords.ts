import { onFirstUse } from '../../common/on-first-use.ts';

/** The list, loaded by the first password checked: the package costs about 25 ms to import. */
const commonPasswords = onFirstUse(async () => new Set((await import('@zxcvbn-ts/language-common')).dictionary['passwords-common']));

/**
 * True when the password, ignoring case, is on the list of the most common breached passwords
 * shipped with zxcvbn-ts (about 49,000 entries). The list is lowercase, so 'Password1' is
 * refused as 'password1' is.
 */
export async function isCommonPassword(password: string): Promise<boolean> {
  return (await commonPasswords()).has(password.toLowerCase());
}
