let common: Promise<Set<string>> | undefined;

/** The list, loaded by the first password checked: the package costs about 25 ms to import. */
async function loadCommonPasswords(): Promise<Set<string>> {
  const { dictionary } = await import('@zxcvbn-ts/language-common');
  return new Set(dictionary['passwords-common']);
}

/**
 * True when the password, ignoring case, is on the list of the most common breached passwords
 * shipped with zxcvbn-ts (about 49,000 entries). The list is lowercase, so 'Password1' is
 * refused as 'password1' is.
 */
export async function isCommonPassword(password: string): Promise<boolean> {
  common ??= loadCommonPasswords();
  return (await common).has(password.toLowerCase());
}
