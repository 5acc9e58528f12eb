// The search dialog's content: query input, results, and the link to the search page. Loaded
// (with the search engine) the first time search opens; see SearchModal.tsx.

import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useRouter } from '@tanstack/react-router';
import type { SearchHit } from '../../search/engine';
import { useSearchResults, type SearchState } from '../../search/use-search-results';
import { siteConfig } from '../../site-config';
import { SearchIcon } from '../icons';
import { SiteLink } from '../SiteLink';
import { SearchHitList } from './SearchHitList';

export function searchPageHref(query: string): string {
  return `${siteConfig.search.searchPagePath}?${new URLSearchParams({ q: query })}`;
}

export default function SearchDialog({ onClose }: { onClose(): void }) {
  const [query, setQuery] = useState('');
  const state = useSearchResults(query, siteConfig.search.modalResultLimit);
  const hits = state.status === 'ready' ? (state.results?.hits ?? []) : [];
  const [selected, setSelected] = useState(0);
  const router = useRouter();
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => setSelected(0), [query]);
  useEffect(() => {
    // Give focus back to whatever opened the dialog, and keep the page behind it still.
    const opener = document.activeElement;
    input.current?.focus();
    document.body.classList.add('search-modal-open');
    return () => {
      document.body.classList.remove('search-modal-open');
      if (opener instanceof HTMLElement) opener.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setSelected((current) => (hits.length === 0 ? 0 : (current + step + hits.length) % hits.length));
    } else if (event.key === 'Enter') {
      const hit = hits[selected];
      if (!hit) return;
      event.preventDefault();
      onClose();
      void router.navigate({ href: hit.url });
    }
  };

  const selectedUrl = hits[selected]?.url;
  return (
    <div className="search-modal__backdrop" onClick={onClose} role="presentation">
      <div
        className="search-modal"
        role="dialog"
        aria-modal="true"
        aria-label="Search the documentation"
        onClick={(event) => event.stopPropagation()}
      >
        <form className="search-modal__form" role="search" onSubmit={(event) => event.preventDefault()}>
          <SearchIcon />
          <input
            ref={input}
            className="search-modal__input"
            type="search"
            placeholder="Search docs"
            aria-label="Search docs"
            autoComplete="off"
            spellCheck={false}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={onKeyDown}
          />
          <button type="button" className="search-modal__cancel" onClick={onClose}>
            Cancel
          </button>
        </form>
        <div className="search-modal__body">
          <ModalBody
            state={state}
            query={query}
            selectedUrl={selectedUrl}
            onSelect={onClose}
            onHover={(hit) => setSelected(hits.indexOf(hit))}
          />
        </div>
        <ModalFooter state={state} query={query} onSelect={onClose} />
      </div>
    </div>
  );
}

function ModalBody({
  state,
  query,
  selectedUrl,
  onSelect,
  onHover,
}: {
  state: SearchState;
  query: string;
  selectedUrl: string | undefined;
  onSelect(): void;
  onHover(hit: SearchHit): void;
}) {
  if (state.status === 'error') {
    return (
      <div className="search-modal__screen search-modal__screen--error">
        <p className="search-modal__screen-title">Unable to fetch results</p>
        <p>You might want to check your network connection.</p>
      </div>
    );
  }
  if (state.status === 'loading') return <p className="search-modal__screen">Loading the search index…</p>;
  if (state.results === null) return <p className="search-modal__screen">Type to search the documentation.</p>;
  if (state.results.total === 0) {
    return (
      <p className="search-modal__screen">
        No results found for "<strong>{query}</strong>"
      </p>
    );
  }
  return <SearchHitList hits={state.results.hits} selectedUrl={selectedUrl} onSelect={onSelect} onHover={onHover} />;
}

function ModalFooter({ state, query, onSelect }: { state: SearchState; query: string; onSelect(): void }) {
  const total = state.status === 'ready' ? (state.results?.total ?? 0) : 0;
  return (
    <div className="search-modal__footer">
      {total > 0 ? (
        <SiteLink href={searchPageHref(query)} className="search-modal__see-all" onClick={onSelect}>
          See all {total} results
        </SiteLink>
      ) : (
        <span />
      )}
      <span className="search-modal__keys">
        <kbd>↵</kbd> to select <kbd>↑</kbd>
        <kbd>↓</kbd> to navigate <kbd>esc</kbd> to close
      </span>
    </div>
  );
}
