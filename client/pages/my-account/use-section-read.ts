import { useDeferredValue } from 'react';
import useSWR from 'swr';
import { fetchData } from '../../api/http.ts';

/**
 * A section's read (the swr key is its API path). Its answer is drawn in a deferred render the
 * browser can interrupt: swr's answers are urgent updates, and a list drawn in the render its
 * arrival sets off holds a phone's main thread in one long task while the page is opening.
 */
export function useSectionRead<T>(path: string): T | undefined {
  return useDeferredValue(useSWR<T>(path, fetchData).data);
}
