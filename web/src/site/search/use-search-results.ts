import { useEffect, useMemo, useState } from 'react';
import { searchIndexUrl } from 'virtual:tessera/docs-manifest';
import type { SearchEngine, SearchResults } from './engine';
import { loadSearchEngine } from './load-index';

export type SearchState =
  { status: 'loading' } | { status: 'error'; error: unknown } | { status: 'ready'; results: SearchResults | null };

/** Loads the index when first used and answers `query` (null results for an empty query). */
export function useSearchResults(query: string, limit?: number): SearchState {
  const [engine, setEngine] = useState<SearchEngine | null>(null);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    let active = true;
    loadSearchEngine(searchIndexUrl).then(
      (loaded) => active && setEngine(loaded),
      (failure: unknown) => active && setError(failure ?? new Error('Search index failed to load')),
    );
    return () => {
      active = false;
    };
  }, []);
  return useMemo<SearchState>(() => {
    if (error !== null) return { status: 'error', error };
    if (!engine) return { status: 'loading' };
    return { status: 'ready', results: query.trim() === '' ? null : engine.search(query, limit) };
  }, [engine, error, query, limit]);
}
