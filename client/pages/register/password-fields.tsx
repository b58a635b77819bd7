import { useId } from 'react';
import { useField } from 'react-final-form';
import { PASSWORD_MAX_LENGTH } from '../../../shared/limits.ts';
import { PasswordChecklist } from '../../ui/password-checklist.tsx';
import { PasswordField } from '../../ui/password-field.tsx';

/** Password with the live checklist of the rules, and its confirmation (paste blocked). */
export function PasswordFields() {
  const checklistId = useId();
  const { input } = useField<string>('password', { subscription: { value: true } });
  return (
    <>
      <PasswordField
        name="password"
        label="register.password"
        maxLength={PASSWORD_MAX_LENGTH}
        autoComplete="new-password"
        describedById={checklistId}
        required
      />
      <PasswordChecklist id={checklistId} password={input.value ?? ''} />
      <PasswordField
        name="confirmPassword"
        label="register.confirmPassword"
        maxLength={PASSWORD_MAX_LENGTH}
        autoComplete="new-password"
        blockPaste
        required
      />
    </>
  );
}
