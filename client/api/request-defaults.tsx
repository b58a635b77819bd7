import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';

/**
 * How every swr read behaves unless its hook says otherwise: coming back to the tab does not
 * read again (the portal's data changes through the member's own actions, which update the
 * cache themselves). Placed around each screen of the screen chunks (screens/lazy-screens.ts):
 * the entry reads without swr (api/shared-reads.ts), so swr comes only with those chunks.
 */
const REQUEST_DEFAULTS = { revalidateOnFocus: false } as const;

export function RequestDefaults({ children }: { children: ReactNode }) {
  return <SWRConfig value={REQUEST_DEFAULTS}>{children}</SWRConfig>;
}
