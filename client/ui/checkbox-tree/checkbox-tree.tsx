import { useId, useRef } from 'react';
import { useField } from 'react-final-form';
import { useTranslation } from 'react-i18next';
import type { OptionRecord } from '../../../shared/schemas/info.ts';
import { visibleError } from '../error-display.tsx';
import { describedBy, FieldMessage } from '../field-message.tsx';
import { Spinner } from '../spinner.tsx';
import { Chips } from './chips.tsx';
import { OptionLevel } from './option-level.tsx';
import { chipsOf, removeChip, sameSelection, setChecked } from './option-tree.ts';

export interface CheckboxTreeProps {
  /** Form field holding the list of ticked values. */
  name: string;
  /** Translation key of the question. */
  legend: string;
  /** The option tree; undefined while it loads. */
  options: readonly OptionRecord[] | undefined;
}

const NO_VALUES: string[] = [];

/**
 * A multi-select of parent and child options as nested checkboxes, with the choices shown as
 * removable chips. The rules of ticking live in option-tree.ts.
 */
export function CheckboxTree({ name, legend, options }: CheckboxTreeProps) {
  const { t } = useTranslation();
  const id = useId();
  const chipsRef = useRef<HTMLUListElement>(null);
  const { input, meta } = useField<string[]>(name, { isEqual: sameSelection });
  const error = visibleError(meta);
  const selection = Array.isArray(input.value) ? input.value : NO_VALUES;
  const tree = options ?? [];
  const errorId = `${id}-error`;

  const change = (next: string[]) => {
    input.onChange(next);
    input.onBlur();
  };

  const remove = (value: string, position: number) => {
    change(removeChip(tree, selection, value));
    // The removed chip's button is gone; keep keyboard focus in the chip list.
    requestAnimationFrame(() => {
      const buttons = chipsRef.current?.querySelectorAll('button');
      if (buttons && buttons.length > 0) buttons[Math.min(position, buttons.length - 1)]?.focus();
      else document.getElementById(`${id}-legend`)?.focus();
    });
  };

  return (
    <fieldset
      className={error ? 'checkbox-tree is-invalid' : 'checkbox-tree'}
      data-field={name}
      aria-describedby={describedBy(error && errorId)}
    >
      <legend id={`${id}-legend`} className="field__label" tabIndex={-1}>
        {t(legend)}
      </legend>
      {/* Under the question, not after a list taller than a phone's screen: seen where the focus lands. */}
      <FieldMessage id={errorId} code={error} />
      <Chips listRef={chipsRef} chips={chipsOf(tree, selection)} onRemove={remove} />
      {options === undefined ? (
        <Spinner inline />
      ) : (
        <OptionLevel
          idPrefix={id}
          tree={tree}
          options={tree}
          selection={selection}
          onToggle={(value, checked) => change(setChecked(tree, selection, value, checked))}
        />
      )}
    </fieldset>
  );
}
