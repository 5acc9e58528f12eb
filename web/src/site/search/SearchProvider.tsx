import { createContext, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useContextOrThrow } from '../use-context-or-throw';
import { searchShortcutAction } from './shortcuts';

export interface SearchContextValue {
  isOpen: boolean;
  open(): void;
  close(): void;
}

const SearchContext = createContext<SearchContextValue | undefined>(undefined);

export function SearchProvider({ children }: { children: ReactNode }) {
  const [isOpen, setIsOpen] = useState(false);
  const open = useCallback(() => setIsOpen(true), []);
  const close = useCallback(() => setIsOpen(false), []);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const action = searchShortcutAction(event, isOpen);
      if (action === null) return;
      // Keep the browser's own Ctrl+K (address bar search) and the "/" character out of it.
      event.preventDefault();
      setIsOpen(action === 'open');
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [isOpen]);

  const value = useMemo(() => ({ isOpen, open, close }), [isOpen, open, close]);
  return <SearchContext.Provider value={value}>{children}</SearchContext.Provider>;
}

export function useSearchModal(): SearchContextValue {
  return useContextOrThrow(SearchContext, 'SearchProvider', 'useSearchModal');
}
