import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OptionRecord } from '../../../shared/schemas/info.ts';
import { checkStateOf } from './option-tree.ts';
import { WordBreaks } from '../word-breaks.tsx';

export interface OptionLevelProps {
  idPrefix: string;
  /** The whole tree, for the check state of parents. */
  tree: readonly OptionRecord[];
  /** The options of this level. */
  options: readonly OptionRecord[];
  selection: readonly string[];
  onToggle: (value: string, checked: boolean) => void;
}

function OptionItem({ option, ...level }: Omit<OptionLevelProps, 'options'> & { option: OptionRecord }) {
  const { t } = useTranslation();
  const state = checkStateOf(level.tree, level.selection, option.value);
  const children = option.childOptions ?? [];
  const childSelected = state === 'mixed';
  const [expanded, setExpanded] = useState(childSelected);
  const inputId = `${level.idPrefix}-${encodeURIComponent(option.value)}`;
  const groupId = `${inputId}-children`;
  return (
    <li className="checkbox-tree__item">
      <div className="checkbox-tree__row">
        <input
          id={inputId}
          type="checkbox"
          checked={state === 'checked'}
          ref={(element) => {
            if (element) element.indeterminate = state === 'mixed';
          }}
          aria-checked={state === 'mixed' ? 'mixed' : undefined}
          onChange={(event) => level.onToggle(option.value, event.target.checked)}
        />
        <label htmlFor={inputId}>
          <WordBreaks text={option.text} />
        </label>
        {children.length > 0 && (
          <button
            type="button"
            className="checkbox-tree__expand"
            aria-expanded={expanded}
            aria-controls={groupId}
            aria-label={t(expanded ? 'common.collapseItem' : 'common.expandItem', { item: option.text })}
            onClick={() => setExpanded((open) => !open)}
          >
            <span aria-hidden="true">{expanded ? '−' : '+'}</span>
          </button>
        )}
      </div>
      {/* A closed group's options are drawn once it opens: a long tree costs a phone little until then. */}
      {children.length > 0 && (
        <div id={groupId} hidden={!expanded}>
          {expanded && <OptionLevel {...level} options={children} />}
        </div>
      )}
    </li>
  );
}

/** One level of the option tree; parents can be expanded to show their children. */
export function OptionLevel(props: OptionLevelProps) {
  return (
    <ul className="checkbox-tree__level">
      {props.options.map((option) => (
        <OptionItem key={option.value} {...props} option={option} />
      ))}
    </ul>
  );
}
