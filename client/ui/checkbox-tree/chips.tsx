import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { Chip } from './option-tree.ts';
import { WordBreaks } from '../word-breaks.tsx';

export interface ChipsProps {
  chips: Chip[];
  onRemove: (value: string, position: number) => void;
  listRef: RefObject<HTMLUListElement | null>;
}

export function Chips({ chips, onRemove, listRef }: ChipsProps) {
  const { t } = useTranslation();
  if (chips.length === 0) return null;
  return (
    <ul ref={listRef} className="chips" aria-label={t('common.selectedItems')}>
      {chips.map((chip, position) => (
        <li key={chip.value} className="chip">
          <span>
            <WordBreaks text={chip.text} />
          </span>
          <button
            type="button"
            className="chip__remove"
            aria-label={t('common.removeItem', { item: chip.text })}
            onClick={() => onRemove(chip.value, position)}
          >
            ×
          </button>
        </li>
      ))}
    </ul>
  );
}
