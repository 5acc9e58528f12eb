import { useHydrated } from '../../../app/hydration';
import { useSearchModal } from '../../search/SearchProvider';
import { SearchIcon } from '../icons';

function isApple(): boolean {
  return typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
}

export function SearchButton({ compact = false }: { compact?: boolean }) {
  const { open } = useSearchModal();
  // The build cannot know the reader's platform: its pages say Ctrl until hydration is over.
  const modifier = useHydrated() && isApple() ? '⌘' : 'Ctrl';
  return (
    <button
      type="button"
      className={`search-button ${compact ? 'search-button--compact' : ''}`}
      aria-label={`Search (${modifier}+K)`}
      onClick={open}
    >
      <SearchIcon />
      {!compact && (
        <>
          <span className="search-button__placeholder">Search</span>
          <span className="search-button__keys" aria-hidden>
            <kbd>{modifier}</kbd>
            <kbd>K</kbd>
          </span>
        </>
      )}
    </button>
  );
}
