import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';

/**
 * How every swr read behaves unless its hook says otherwise: coming back to the tab does not
 * read again (the portal's data changes through the member's own actions, which update the
 * cache themselves).
 */
const REQUEST_DEFAULTS = { revalidateOnFocus: false } as const;

export function RequestDefaults({ children }: { children: ReactNode }) {
  return <SWRConfig value={REQUEST_DEFAULTS}>{children}</SWRConfig>;
}
