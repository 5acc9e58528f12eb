// The search modal (opened by the navbar button, Ctrl/Cmd+K or "/"; Escape closes it, see
// search/SearchProvider.tsx). Its content and the search engine are a separate chunk, downloaded
// with the index the first time search opens, so docs pages do not carry them.

import { lazy, Suspense } from 'react';
import { createPortal } from 'react-dom';
import { useSearchModal } from '../../search/SearchProvider';

const SearchDialog = lazy(() => import('./SearchDialog'));

export function SearchModal() {
  const { isOpen, close } = useSearchModal();
  if (!isOpen) return null;
  return createPortal(
    <Suspense fallback={<div className="search-modal__backdrop" role="presentation" onClick={close} />}>
      <SearchDialog onClose={close} />
    </Suspense>,
    document.body,
  );
}
