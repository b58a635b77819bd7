import { useId, useState, type ClipboardEvent, type HTMLAttributes } from 'react';
import { useField } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import { useCapsLock } from './caps-lock.ts';
import { parseDigits } from './digits.ts';
import { EyeIcon, EyeOffIcon } from './icons.tsx';
import { useVisibleError } from './error-display.tsx';
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

/**
 * A text input bound to react-final-form: label tied to the input, the rule code's
 * translation under it (aria-describedby, aria-invalid), Caps Lock warning and a
 * show/hide eye inside password inputs (its name says what a press does next).
 */
export function Field({
  name,
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
}: FieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const { input, meta } = useField<string>(name, { parse: digitsOnly ? parseDigits : (value) => value ?? '' });
  const error = useVisibleError(meta);
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
          value={input.value ?? ''}
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
            input.onBlur(event);
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
