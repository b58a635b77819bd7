import { Field, type FieldProps } from './field.tsx';

/**
 * A password input with the Caps Lock warning and a show/hide toggle. Use `blockPaste`
 * for the confirmation field and `describedById` to tie in a PasswordChecklist.
 */
export function PasswordField(props: Omit<FieldProps, 'type' | 'digitsOnly'>) {
  return <Field autoComplete="current-password" {...props} type="password" />;
}
