// Keeps the document's title, description, canonical address and Open Graph tags those of the page
// on screen as the reader navigates (the build wrote the first page's; see app/page-head.ts and ../document-head.ts).

import { useEffect } from 'react';
import { useRouterState } from '@tanstack/react-router';
import { applyPageHead, pageHeadOf } from '../document-head';

export function DocumentHead() {
  const matches = useRouterState({ select: (state) => state.matches });
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const head = pageHeadOf(matches);
  const title = head?.title;
  const description = head?.description;
  useEffect(() => {
    if (title !== undefined && description !== undefined) applyPageHead(document, { title, description }, pathname);
  }, [title, description, pathname]);
  return null;
}
