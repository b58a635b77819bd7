/** Whole seconds left until `endsAt` (epoch milliseconds), never negative; a started second counts. */
export function secondsLeft(endsAt: number, now: number): number {
  return Math.max(0, Math.ceil((endsAt - now) / 1000));
}
