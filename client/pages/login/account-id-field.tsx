import { LOGIN_ID_MAX_LENGTH } from '../../../shared/limits.ts';
import { FieldControl } from '../../ui/field-control.tsx';

export interface AccountIdFieldProps {
  /** The account ID typed in the other mode, kept when the member switches. */
  email: string;
  /** The rule code to show under it, when it is to be shown. */
  error?: string;
  /** Password mode also offers the browser's passkeys here (`username webauthn`). */
  offersPasskeys?: boolean;
}

/** The login screen's account ID (e-mail or member ID), the first field of both sign-in modes. */
export function AccountIdField({ email, error, offersPasskeys = false }: AccountIdFieldProps) {
  return (
    <FieldControl
      name="email"
      input={{ defaultValue: email }}
      error={error}
      label="login.emailOrId"
      inputMode="email"
      autoComplete={offersPasskeys ? 'username webauthn' : 'username'}
      maxLength={LOGIN_ID_MAX_LENGTH}
      required
      autoFocus
    />
  );
}
