import { useField } from 'react-final-form';
import { parseDigits } from './digits.ts';
import { visibleError } from './error-display.tsx';
import { FieldControl, type FieldProps } from './field-control.tsx';

export type { FieldProps } from './field-control.tsx';

/** A text input bound to react-final-form (FieldControl: label, messages, Caps Lock, show/hide). */
export function Field(props: FieldProps) {
  const { input, meta } = useField<string>(props.name, { parse: props.digitsOnly ? parseDigits : (value) => value ?? '' });
  const error = visibleError(meta);
  return <FieldControl {...props} input={{ ...input, value: input.value ?? '' }} error={error} />;
}
