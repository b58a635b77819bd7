import type { SignInMethod } from '../../../shared/schemas/security-center.ts';

/**
 * The authentication methods (RFC 8176 `amr` values) a session's sign-in method stands for, as an
 * OpenID Provider reports them: a ticket session proved nothing here, so it names none.
 */
const AMR: Record<SignInMethod, readonly string[]> = {
  password: ['pwd'],
  code: ['otp'],
  passkey: ['hwk'],
  social: ['fed'],
  ticket: [],
};

export function amrOf(method: SignInMethod | undefined): readonly string[] {
  return method === undefined ? [] : AMR[method];
}
