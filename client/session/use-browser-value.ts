import { useSyncExternalStore } from 'react';

const unchanging = () => () => undefined;

/**
 * A value only the browser knows (its referrer, say), read so that hydrating a screen painted at
 * build time (scripts/prerender.ts) sees what the build saw, `painted`, and the browser's own
 * value right after: React renders again where they differ. Without this, React would keep the
 * painted attribute. `read` must return the same value while nothing changes.
 */
export function useBrowserValue<T>(read: () => T, painted: T): T {
  return useSyncExternalStore(unchanging, read, () => painted);
}
