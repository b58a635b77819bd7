import { useCallback, useEffect, useState } from 'react';
import { secondsLeft } from './countdown.ts';

/**
 * A countdown in whole seconds from `startedAt` (epoch milliseconds; 0 means not running),
 * computed from its end time rather than by counting ticks, so throttled timers in a
 * background tab do not stretch it. `start()` begins again from now.
 */
export function useCountdown(seconds: number, startedAt = 0): { remaining: number; start: () => void } {
  const [endsAt, setEndsAt] = useState(() => (startedAt > 0 ? startedAt + seconds * 1000 : 0));
  const [remaining, setRemaining] = useState(() => secondsLeft(endsAt, Date.now()));

  useEffect(() => {
    const tick = () => {
      const left = secondsLeft(endsAt, Date.now());
      setRemaining(left);
      if (left === 0) clearInterval(timer);
    };
    const timer = setInterval(tick, 250);
    tick();
    return () => clearInterval(timer);
  }, [endsAt]);

  const start = useCallback(() => setEndsAt(Date.now() + seconds * 1000), [seconds]);
  return { remaining, start };
}
