import { useId, useState, type ChangeEventHandler, type ClipboardEvent, type FocusEventHandler, type HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { useCapsLock } from './caps-lock.ts';
import { EyeIcon, EyeOffIcon } from './icons.tsx';
import { describedBy, FieldMessage } from './field-message.tsx';
import { OptionalMark } from './optional-mark.tsx';

export interface FieldProps {
  name: string;
  /** Translation key of the label. */
  label: string;
  type?: 'text' | 'email' | 'tel' | 'password';
  /** The input's maxlength attribute (spec section 5 'input max-length hints'). */
  maxLength?: number;
  /** Translation key of a hint shown under the input. */
  hint?: string;
  autoComplete?: string;
  required?: boolean;
  /** Marks the label '(optional)': the member may leave this field empty. */
  optional?: boolean;
  /** Phone inputs: keep digits only, numeric keyboard. */
  digitsOnly?: boolean;
  /** Confirmation fields: pasting is blocked (spec section 5). */
  blockPaste?: boolean;
  /** Extra ids for aria-describedby, e.g. a password checklist. */
  describedById?: string;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  disabled?: boolean;
  readOnly?: boolean;
  autoFocus?: boolean;
  className?: string;
}

/** How the input is bound: to a form library's state (value and handlers), or left to the browser (defaultValue). */
export interface InputBinding {
  value?: string;
  defaultValue?: string;
  onChange?: ChangeEventHandler<HTMLInputElement>;
  onBlur?: FocusEventHandler<HTMLInputElement>;
  onFocus?: FocusEventHandler<HTMLInputElement>;
}

export interface FieldControlProps extends FieldProps {
  input: InputBinding;
  /** The rule code to show under the input, when it is to be shown (error-display.tsx). */
  error?: string;
}

/**
 * A text input with its label tied to it, the rule code's translation under it
 * (aria-describedby, aria-invalid), Caps Lock warning and a show/hide eye inside password
 * inputs (its name says what a press does next). Field binds it to react-final-form; the login
 * screen's forms leave its value to the browser (native-form.ts).
 */
export function FieldControl({
  name,
  input,
  error,
  label,
  type = 'text',
  maxLength,
  hint,
  autoComplete,
  required = false,
  optional = false,
  digitsOnly = false,
  blockPaste = false,
  describedById,
  inputMode,
  disabled,
  readOnly,
  autoFocus,
  className,
}: FieldControlProps) {
  const { t } = useTranslation();
  const id = useId();
  const capsLock = useCapsLock();
  const [revealed, setRevealed] = useState(false);
  const isPassword = type === 'password';
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = `${id}-error`;
  const capsId = `${id}-caps`;
  const preventPaste = (event: ClipboardEvent<HTMLInputElement>) => event.preventDefault();

  return (
    <div className={['field', className].filter(Boolean).join(' ')} data-field={name}>
      <label htmlFor={id} className="field__label">
        {t(label)}
        {optional && <OptionalMark />}
      </label>
      <div className={isPassword ? 'field__control field__control--reveal' : 'field__control'}>
        <input
          {...input}
          name={name}
          id={id}
          type={isPassword && revealed ? 'text' : type}
          maxLength={maxLength}
          autoComplete={autoComplete}
          inputMode={digitsOnly ? 'numeric' : inputMode}
          required={required}
          aria-required={required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(hintId, error && errorId, isPassword && capsLock.capsLock && capsId, describedById)}
          disabled={disabled}
          readOnly={readOnly}
          autoFocus={autoFocus}
          onPaste={blockPaste ? preventPaste : undefined}
          onDrop={blockPaste ? (event) => event.preventDefault() : undefined}
          onKeyDown={isPassword ? capsLock.onKeyDown : undefined}
          onKeyUp={isPassword ? capsLock.onKeyUp : undefined}
          onBlur={(event) => {
            if (isPassword) capsLock.onBlur();
            input.onBlur?.(event);
          }}
        />
        {isPassword && (
          <button
            type="button"
            className="field__reveal"
            aria-label={t(revealed ? 'common.hidePassword' : 'common.showPassword')}
            title={t(revealed ? 'common.hidePassword' : 'common.showPassword')}
            aria-controls={id}
            disabled={disabled}
            onClick={() => setRevealed((shown) => !shown)}
          >
            {revealed ? <EyeOffIcon /> : <EyeIcon />}
          </button>
        )}
      </div>
      {hint && (
        <p id={hintId} className="field__hint">
          {t(hint)}
        </p>
      )}
      {isPassword && capsLock.capsLock && (
        <p id={capsId} className="field__warning" role="status">
          {t('common.capsLockOn')}
        </p>
      )}
      <FieldMessage id={errorId} code={error} />
    </div>
  );
}
