// The head of the page on screen, from the routes' `head` options (app/page-head.ts): read by the
// build for each prerendered page and by DocumentHead as the reader navigates.

import { NOT_FOUND_HEAD, type PageHead } from '../app/page-head';

interface MatchLike {
  status: string;
  _notFound?: boolean;
  meta?: unknown;
}

/**
 * The head of the page the router shows: the deepest route that names a title and a description,
 * or the not-found head when a route of the page was not found.
 */
export function pageHeadOf(matches: readonly MatchLike[]): PageHead | null {
  if (matches.some((match) => match.status === 'notFound' || match._notFound === true)) return NOT_FOUND_HEAD;
  let title: string | null = null;
  let description: string | null = null;
  for (const match of matches) {
    if (!Array.isArray(match.meta)) continue;
    for (const entry of match.meta as unknown[]) {
      if (typeof entry !== 'object' || entry === null) continue;
      if ('title' in entry && typeof entry.title === 'string') title = entry.title;
      if ('name' in entry && entry.name === 'description' && 'content' in entry && typeof entry.content === 'string')
        description = entry.content;
    }
  }
  return title !== null && description !== null ? { title, description } : null;
}

/**
 * Writes `head` into the document the build prerendered: title, description, and the canonical and
 * Open Graph addresses, whose origin (the deployment's public URL) stays the one the api served.
 */
export function applyPageHead(document: Document, head: PageHead, pathname: string): void {
  document.title = head.title;
  const set = (selector: string, attribute: string, value: string) =>
    document.querySelector(selector)?.setAttribute(attribute, value);
  set('meta[name="description"]', 'content', head.description);
  set('meta[property="og:title"]', 'content', head.title);
  set('meta[property="og:description"]', 'content', head.description);
  const canonical = document.querySelector('link[rel="canonical"]')?.getAttribute('href');
  if (canonical) {
    const url = new URL(pathname, canonical).href;
    set('link[rel="canonical"]', 'href', url);
    set('meta[property="og:url"]', 'content', url);
  }
}
