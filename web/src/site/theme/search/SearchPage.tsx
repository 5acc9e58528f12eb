import { useHydrated } from '../../../app/hydration';
import { useSearchResults } from '../../search/use-search-results';
import { SearchHitList } from './SearchHitList';

export function SearchPage({
  query: askedQuery,
  onQueryChange,
}: {
  query: string;
  onQueryChange(query: string): void;
}) {
  // The build prerenders the page without a query; the reader's query shows once hydration is over.
  const query = useHydrated() ? askedQuery : '';
  const state = useSearchResults(query);
  return (
    <div className="container search-page">
      <h1>{query ? <>Search results for "{query}"</> : 'Search the documentation'}</h1>
      <form role="search" onSubmit={(event) => event.preventDefault()}>
        <input
          className="search-page__input"
          type="search"
          aria-label="Search the documentation"
          placeholder="Type your search here"
          value={query}
          onChange={(event) => onQueryChange(event.target.value)}
        />
      </form>
      {state.status === 'error' && (
        <div className="search-page__message" role="alert">
          <p>
            <strong>Unable to fetch results</strong>
          </p>
          <p>You might want to check your network connection.</p>
        </div>
      )}
      {state.status === 'loading' && <p className="search-page__message">Loading the search index…</p>}
      {state.status === 'ready' && state.results && (
        <>
          <p className="search-page__count">
            {state.results.total === 1 ? '1 result' : `${state.results.total} results`}
          </p>
          {state.results.total === 0 ? (
            <p>
              No results found for "<strong>{query}</strong>"
            </p>
          ) : (
            <SearchHitList hits={state.results.hits} />
          )}
        </>
      )}
    </div>
  );
}
