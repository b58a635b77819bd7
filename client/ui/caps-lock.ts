import { useState, type KeyboardEvent } from 'react';

/** Tracks Caps Lock from the key events of one input, for the warning on password fields. */
export function useCapsLock() {
  const [capsLock, setCapsLock] = useState(false);
  const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (typeof event.getModifierState === 'function') setCapsLock(event.getModifierState('CapsLock'));
  };
  return { capsLock, onKeyDown: onKey, onKeyUp: onKey, onBlur: () => setCapsLock(false) };
}
