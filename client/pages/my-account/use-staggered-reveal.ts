import { startTransition, useEffect, useState } from 'react';

/**
 * How many of `count` parts of a long page to draw: `first` at once, then one more per task,
 * each in a transition of its own. The same work in several short tasks rather than one long one,
 * so a phone's main thread is free for the visitor in between.
 */
export function useStaggeredReveal(count: number, first = 1): number {
  const [shown, setShown] = useState(first);
  useEffect(() => {
    if (shown >= count) return;
    const timer = setTimeout(() => startTransition(() => setShown((drawn) => drawn + 1)), 0);
    return () => clearTimeout(timer);
  }, [shown, count]);
  return Math.min(shown, count);
}
