import { useId, type ReactNode } from 'react';
import { useField } from 'react-final-form';
import { useVisibleError } from '../../ui/error-display.tsx';
import { describedBy, FieldMessage } from '../../ui/field-message.tsx';
import { RequiredMark } from '../../ui/required-mark.tsx';

export interface ConsentCheckboxProps {
  name: string;
  children: ReactNode;
  required?: boolean;
}

/** A consent that can only be given (yes-only): ticked is true, unticked is not given. */
export function ConsentCheckbox({ name, children, required = false }: ConsentCheckboxProps) {
  const id = useId();
  const { input, meta } = useField<boolean | undefined>(name, {
    subscription: { value: true, error: true, touched: true, modified: true, submitFailed: true },
  });
  const error = useVisibleError(meta);
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label className="radio-group__option">
        <input
          type="checkbox"
          checked={input.value === true}
          required={required}
          aria-required={required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(error && errorId)}
          onChange={(event) => {
            input.onChange(event.target.checked);
            input.onBlur();
          }}
        />
        <span>
          {children}
          {required && <RequiredMark />}
        </span>
      </label>
      <FieldMessage id={errorId} code={error} />
    </div>
  );
}
