import { useState } from 'react';

/**
 * An action that takes a while (a request, the browser's passkey dialog) and whether one is
 * under way, for the busy state of the button that started it. The first screen's buttons use
 * it rather than swr's mutations: swr does not come with the first screen (api/shared-reads.ts).
 */
export function usePending<Args extends unknown[], Result>(action: (...args: Args) => Promise<Result>) {
  const [running, setRunning] = useState(0);
  const run = async (...args: Args): Promise<Result> => {
    setRunning((count) => count + 1);
    try {
      return await action(...args);
    } finally {
      setRunning((count) => count - 1);
    }
  };
  return { run, busy: running > 0 };
}
