import { useMemo } from 'react';
import { useSearch } from 'wouter';
import { readUrlSession, type UrlSession } from './url-query.ts';

/** The URL's session values, recomputed when the query changes. */
export function useUrlSession(): UrlSession {
  const search = useSearch();
  return useMemo(() => readUrlSession(search), [search]);
}
