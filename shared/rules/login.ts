import type { FieldCode } from '../codes.ts';
import { LOGIN_ID_MAX_LENGTH, OTP_CODE_MAX_LENGTH, PASSWORD_MAX_LENGTH } from '../limits.ts';
import { isBlank, tooLong, type FieldErrors } from './types.ts';

export interface LoginValues {
  email?: string;
  password?: string;
}

function validateLoginId(value: unknown): FieldCode | undefined {
  if (isBlank(value)) return 'LoginIdRequired';
  if (tooLong(value, LOGIN_ID_MAX_LENGTH)) return 'LengthErrorLoginId';
  return undefined;
}

export function validateLogin(values: LoginValues): FieldErrors {
  const errors: FieldErrors = { email: validateLoginId(values.email) };
  if (isBlank(values.password)) errors.password = 'LoginPasswordRequired';
  // The spec's 'max 50' is the ID field: sign-in takes every password the password rules allow.
  else if (tooLong(values.password, PASSWORD_MAX_LENGTH)) errors.password = 'LengthErrorPassword';
  return errors;
}

export function validateCodeLogin(values: { email?: string }): FieldErrors {
  return { email: validateLoginId(values.email) };
}

export function validateOtpCode(values: { code?: string }): FieldErrors {
  const code = (values.code ?? '').trim();
  if (code === '') return { code: 'CodeRequired' };
  if (code.length > OTP_CODE_MAX_LENGTH) return { code: 'LengthErrorCode' };
  return {};
}
