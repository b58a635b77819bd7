import { useId, type ReactNode } from 'react';
import { useField } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { visibleError } from '../../ui/error-display.tsx';
import { describedBy, FieldMessage } from '../../ui/field-message.tsx';

export interface ConsentCheckboxProps {
  name: string;
  children: ReactNode;
  /**
   * A consent the member must give: ticked is true, unticked is not given (undefined), and its
   * message asks for agreement whatever the rule's code. Otherwise an unticked box is a no (false).
   */
  required?: boolean;
  /** Translation key of a short name for the error summary, where the statement is long. */
  summaryLabel?: string;
  /** A link that belongs to this statement (Korea's "View" terms), on the same row. */
  aside?: ReactNode;
}

/** A consent statement in regular weight beside its checkbox. */
export function ConsentCheckbox({ name, children, required = false, summaryLabel, aside }: ConsentCheckboxProps) {
  const { t } = useTranslation();
  const id = useId();
  const { input, meta } = useField<boolean | undefined>(name, {
    subscription: {
      value: true,
      error: true,
      touched: true,
      modified: true,
      submitFailed: true,
      submitError: true,
      dirtySinceLastSubmit: true,
    },
  });
  const error = visibleError(meta);
  const errorId = `${id}-error`;
  return (
    <div className="field consent" data-field={name} data-summary-label={summaryLabel && t(summaryLabel)}>
      <div className="consent__row">
        <label className="consent__option">
          <input
            type="checkbox"
            checked={input.value === true}
            required={required}
            aria-required={required || undefined}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(error && errorId)}
            onChange={(event) => {
              input.onChange(event.target.checked ? true : required ? undefined : false);
              input.onBlur();
            }}
          />
          <span>{children}</span>
        </label>
        {aside}
      </div>
      <FieldMessage id={errorId} code={error} messageKey={required ? 'register.privacy.agreeRequired' : undefined} />
    </div>
  );
}
