import { useEffect, useState } from 'react';

/** Whole seconds left until `endsAt` (epoch milliseconds), never negative; a started second counts. */
export function secondsLeft(endsAt: number, now: number): number {
  return Math.max(0, Math.ceil((endsAt - now) / 1000));
}

/** A count of seconds as minutes and seconds, "2:58": a lock's wait reads at a glance. */
export function minutesAndSeconds(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** The end time of a countdown of `seconds` from now. */
export const endsIn = (seconds: number) => Date.now() + seconds * 1000;

/**
 * Whole seconds left until `endsAt`, computed from the end time rather than by counting ticks,
 * so a throttled background tab does not stretch a countdown.
 */
export function useSecondsLeft(endsAt: number): number {
  const [left, setLeft] = useState(() => secondsLeft(endsAt, Date.now()));
  useEffect(() => {
    const tick = () => {
      const now = secondsLeft(endsAt, Date.now());
      setLeft(now);
      if (now === 0) clearInterval(timer);
    };
    const timer = setInterval(tick, 250);
    tick();
    return () => clearInterval(timer);
  }, [endsAt]);
  return left;
}
