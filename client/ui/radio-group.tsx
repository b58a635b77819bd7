import { useId } from 'react';
import { useField } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { visibleError } from './error-display.tsx';
import { describedBy, FieldMessage } from './field-message.tsx';

export interface RadioGroupProps {
  name: string;
  /** Translation key of the question (the fieldset legend). */
  legend: string;
  /** Translation keys of the two answers; default common.yes / common.no. */
  yesLabel?: string;
  noLabel?: string;
  required?: boolean;
  disabled?: boolean;
  /** Runs after the answer changed (e.g. the subscription saves at once). */
  onValueChange?: (value: boolean) => void;
}

/** A yes/no question whose form value is a boolean (undefined until answered). */
export function RadioGroup({
  name,
  legend,
  yesLabel = 'common.yes',
  noLabel = 'common.no',
  required = false,
  disabled,
  onValueChange,
}: RadioGroupProps) {
  const { t } = useTranslation();
  const id = useId();
  const { input, meta } = useField<boolean | undefined>(name);
  const error = visibleError(meta);
  const errorId = `${id}-error`;
  const choose = (value: boolean) => {
    input.onChange(value);
    input.onBlur();
    onValueChange?.(value);
  };

  return (
    <fieldset className="radio-group" data-field={name} aria-describedby={describedBy(error && errorId)}>
      <legend className="field__label">{t(legend)}</legend>
      {[true, false].map((value) => (
        <label key={String(value)} className="radio-group__option">
          <input
            type="radio"
            name={`${id}-${name}`}
            checked={input.value === value}
            required={required}
            disabled={disabled}
            onChange={() => choose(value)}
          />
          {t(value ? yesLabel : noLabel)}
        </label>
      ))}
      <FieldMessage id={errorId} code={error} />
    </fieldset>
  );
}
