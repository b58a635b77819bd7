import { useId, useMemo } from 'react';
import { useField } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { visibleError } from './error-display.tsx';
import { describedBy, FieldMessage } from './field-message.tsx';
import { OptionalMark } from './optional-mark.tsx';

export interface SelectOption {
  value: string;
  /** Text shown as is (already translated or a proper name such as a country). */
  label: string;
}

export interface SelectFieldProps {
  name: string;
  /** Translation key of the label. */
  label: string;
  options: readonly SelectOption[];
  /** Translation key of the empty first choice; defaults to common.select. */
  placeholder?: string;
  required?: boolean;
  /** Marks the label '(optional)': the member may leave this choice empty. */
  optional?: boolean;
  disabled?: boolean;
  autoComplete?: string;
  /** Runs after the form value changed, for dependent fields (country -> phone codes). */
  onValueChange?: (value: string) => void;
  className?: string;
  /**
   * A short text drawn over the closed select instead of the chosen option's label (a calling
   * code '+49' for 'Germany +49'); the open list and screen readers still get the full labels.
   */
  face?: (value: string) => string;
}

/** A native select bound to react-final-form: keyboard type-ahead and screen-reader support come with it. */
export function SelectField({
  name,
  label,
  options,
  placeholder = 'common.select',
  required = false,
  optional = false,
  disabled,
  autoComplete,
  onValueChange,
  className,
  face,
}: SelectFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const { input, meta } = useField<string>(name, { parse: (value) => value ?? '' });
  const error = visibleError(meta);
  const errorId = `${id}-error`;
  const known = options.some((option) => option.value === input.value);
  // The same elements while the list is the same: React then skips the hundreds of countries
  // at each render of the form instead of comparing them one by one.
  const choices = useMemo(
    () =>
      options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      )),
    [options],
  );

  return (
    <div className={['field', className].filter(Boolean).join(' ')} data-field={name}>
      <label htmlFor={id} className="field__label">
        {t(label)}
        {optional && <OptionalMark />}
      </label>
      <div className={face ? 'field__control field__control--select field__control--face' : 'field__control field__control--select'}>
        <select
          {...input}
          value={input.value ?? ''}
          id={id}
          required={required}
          aria-required={required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(error && errorId)}
          disabled={disabled}
          autoComplete={autoComplete}
          onChange={(event) => {
            input.onChange(event.target.value);
            onValueChange?.(event.target.value);
          }}
        >
          <option value="">{t(placeholder)}</option>
          {/* A stored value missing from the list stays visible instead of silently changing. */}
          {!known && input.value && <option value={input.value}>{input.value}</option>}
          {choices}
        </select>
        {face && (
          <span className="field__face" aria-hidden="true">
            {face(input.value ?? '') || t(placeholder)}
          </span>
        )}
      </div>
      <FieldMessage id={errorId} code={error} />
    </div>
  );
}
