import { useEffect, useState } from 'react';

const secondsUntil = (endsAt: number) => Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));

/**
 * Whole seconds left until `endsAt` (epoch milliseconds), computed from the end time rather
 * than by counting ticks, so a throttled background tab does not stretch a countdown.
 */
export function useSecondsLeft(endsAt: number): number {
  const [left, setLeft] = useState(() => secondsUntil(endsAt));
  useEffect(() => {
    const tick = () => {
      const now = secondsUntil(endsAt);
      setLeft(now);
      if (now === 0) clearInterval(timer);
    };
    const timer = setInterval(tick, 250);
    tick();
    return () => clearInterval(timer);
  }, [endsAt]);
  return left;
}

/** The end time of a countdown of `seconds` from now. */
export const endsIn = (seconds: number) => Date.now() + seconds * 1000;
