import { useRef, type KeyboardEvent } from 'react';
import { TYPEAHEAD_RESET_MS } from '../../../shared/limits.ts';

/**
 * The option a typed prefix chooses: the first whose label starts with it (case-insensitive),
 * searching from the current option on when one letter is typed again so repeats cycle.
 */
function typeAheadIndex(labels: readonly string[], typed: string, current: number): number {
  const prefix = typed.toLocaleLowerCase();
  const repeated = prefix.length > 1 && [...prefix].every((c) => c === prefix[0]);
  const wanted = repeated ? prefix[0]! : prefix;
  const start = repeated || prefix.length === 1 ? current + 1 : current;
  for (let step = 0; step < labels.length; step += 1) {
    const index = (start + step + labels.length) % labels.length;
    if (labels[index]!.toLocaleLowerCase().startsWith(wanted)) return index;
  }
  return -1;
}

/**
 * Keyboard type-ahead for the dropdowns inside an element: the letters typed within
 * TYPEAHEAD_RESET_MS of each other form one prefix (spec section 9), then it starts again.
 * The choice goes through the select's own change event, so the form sees an ordinary change.
 */
export function useTypeAhead(): (event: KeyboardEvent<HTMLElement>) => void {
  const typed = useRef({ text: '', at: 0 });
  return (event) => {
    const select = event.target;
    if (!(select instanceof HTMLSelectElement) || event.key.length !== 1 || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === ' ' && typed.current.text === '') return;
    const now = Date.now();
    const text = now - typed.current.at > TYPEAHEAD_RESET_MS ? event.key : typed.current.text + event.key;
    typed.current = { text, at: now };
    event.preventDefault();
    const options = [...select.options];
    const index = typeAheadIndex(
      options.map((option) => option.text),
      text,
      select.selectedIndex,
    );
    if (index < 0 || index === select.selectedIndex) return;
    select.selectedIndex = index;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  };
}
