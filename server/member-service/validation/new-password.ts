import type { FieldCode } from '../../../shared/codes.ts';
import { normalizeEmail } from '../../../shared/rules/email.ts';
import { validateNewPassword } from '../../../shared/rules/password.ts';
import { isCommonPassword } from '../security/common-passwords.ts';
import type { PasswordHasher } from '../security/passwords.ts';
import type { MemberRow } from '../store/schema.ts';

/** Why a new password is refused: a rule of spec section 5 (a field error) or a result code of section 4. */
export type NewPasswordProblem = { ruleCode: FieldCode } | { resultCode: 'passwordused' | 'useridpwdthesame' };

/**
 * The checks of a new password beyond its confirmation: the rules of spec section 5, the list
 * of common breached passwords, not the account id, and not the current password.
 */
export async function newPasswordProblem(
  member: MemberRow,
  password: string | undefined,
  passwords: PasswordHasher,
): Promise<NewPasswordProblem | undefined> {
  if (password === undefined) return { ruleCode: 'PasswordFormat' };
  const ruleCode = validateNewPassword({ password, confirmPassword: password }, 'change').password;
  if (ruleCode) return { ruleCode };
  if (await isCommonPassword(password)) return { ruleCode: 'PasswordTooCommon' };
  const lower = password.toLowerCase();
  const email = normalizeEmail(member.email);
  if (lower === email || lower === email.split('@')[0]) return { resultCode: 'useridpwdthesame' };
  if (await passwords.verify(member.password_hash, password)) return { resultCode: 'passwordused' };
  return undefined;
}
