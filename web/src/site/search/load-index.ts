// Loads the search index on demand (first time the modal or the search page needs it) and keeps
// the engine for the rest of the visit. A failed load is not cached, so reopening search retries.

import { createSearchEngine, type SearchEngine } from './engine';
import {
  SEARCH_INDEX_VERSION,
  type SearchIndexFile,
  type SearchIndexPage,
  type SearchIndexSection,
} from './index-format';

let pending: Promise<SearchEngine> | null = null;

export function loadSearchEngine(url: string, fetchIndex: typeof fetch = fetch): Promise<SearchEngine> {
  pending ??= fetchIndex(url)
    .then((response) => {
      if (!response.ok) throw new Error(`Search index request failed: HTTP ${response.status}`);
      return response.json();
    })
    .then((raw: unknown) => createSearchEngine(parseSearchIndex(raw)))
    .catch((error: unknown) => {
      pending = null;
      throw error;
    });
  return pending;
}

/** Checks the downloaded JSON has the shape the engine expects (a stale or foreign file fails here). */
export function parseSearchIndex(raw: unknown): SearchIndexFile {
  if (
    !isRecord(raw) ||
    raw.version !== SEARCH_INDEX_VERSION ||
    !Array.isArray(raw.pages) ||
    !Array.isArray(raw.sections)
  ) {
    throw new Error('The search index has an unexpected format.');
  }
  const pages: SearchIndexPage[] = raw.pages.map((page: unknown) => {
    if (!isRecord(page) || typeof page.path !== 'string' || typeof page.title !== 'string')
      throw new Error('Bad page in the search index.');
    return { path: page.path, title: page.title };
  });
  const sections: SearchIndexSection[] = raw.sections.map((section: unknown) => {
    if (
      !isRecord(section) ||
      typeof section.page !== 'number' ||
      typeof section.text !== 'string' ||
      typeof section.level !== 'number' ||
      !isStringOrNull(section.heading) ||
      !isStringOrNull(section.anchor)
    ) {
      throw new Error('Bad section in the search index.');
    }
    return {
      page: section.page,
      heading: section.heading,
      anchor: section.anchor,
      level: section.level,
      text: section.text,
    };
  });
  return { version: SEARCH_INDEX_VERSION, pages, sections };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isStringOrNull(value: unknown): value is string | null {
  return value === null || typeof value === 'string';
}
