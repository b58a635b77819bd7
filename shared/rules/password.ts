import type { FieldCode } from '../codes.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../limits.ts';
import { isBlank, type FieldErrors } from './types.ts';

/** The live checklist of spec section 5; each entry is shown ticked or not. */
export interface PasswordChecks {
  length: boolean;
  lowercase: boolean;
  uppercase: boolean;
  digit: boolean;
  allowedCharacters: boolean;
}

/** The symbols a password may contain besides letters and digits, as the rule's text lists them. */
export const PASSWORD_SYMBOLS = ['!', '@', '#', '$', '%', '^', '&', '*', '-'] as const;

const ALLOWED_PASSWORD_CHARACTERS = new RegExp(`^[0-9a-zA-Z${PASSWORD_SYMBOLS.map((symbol) => `\\${symbol}`).join('')}]*$`);

export function passwordChecks(password: string): PasswordChecks {
  return {
    length: password.length >= PASSWORD_MIN_LENGTH && password.length <= PASSWORD_MAX_LENGTH,
    lowercase: /[a-z]/.test(password),
    uppercase: /[A-Z]/.test(password),
    digit: /[0-9]/.test(password),
    allowedCharacters: password.length > 0 && ALLOWED_PASSWORD_CHARACTERS.test(password),
  };
}

export function isPasswordAcceptable(password: string): boolean {
  return Object.values(passwordChecks(password)).every(Boolean);
}

export interface NewPasswordValues {
  password?: string;
  confirmPassword?: string;
  oldPassword?: string;
}

/**
 * New password and its confirmation. Registration and password change use the same rules
 * but the spec gives them different keys.
 */
export function validateNewPassword(values: NewPasswordValues, purpose: 'register' | 'change'): FieldErrors {
  const errors: FieldErrors = {};
  const keys: Record<'required' | 'confirmRequired' | 'mismatch', FieldCode> =
    purpose === 'register'
      ? { required: 'PasswordRequired', confirmRequired: 'ConfirmPasswordRequired', mismatch: 'PasswordDoesntMatch' }
      : { required: 'NewPasswordRequired', confirmRequired: 'ComfirmNewPasswordRequired', mismatch: 'PasswordDontMatch' };
  const password = values.password ?? '';
  if (isBlank(password)) errors.password = keys.required;
  else if (!isPasswordAcceptable(password)) errors.password = 'PasswordFormat';
  else if (values.oldPassword !== undefined && values.oldPassword === password) errors.password = 'PasswordSameAsOld';

  if (isBlank(values.confirmPassword)) errors.confirmPassword = keys.confirmRequired;
  else if (values.confirmPassword !== password) errors.confirmPassword = keys.mismatch;
  return errors;
}
