// The search index file emitted at build time (search-index.json) and read by the browser.
// Shared by the build plugin that writes it and the engine that reads it.

export const SEARCH_INDEX_VERSION = 1;

export interface SearchIndexPage {
  path: string;
  title: string;
}

export interface SearchIndexSection {
  /** Index into `pages`. */
  page: number;
  /** null for the text before a page's first h2/h3. */
  heading: string | null;
  anchor: string | null;
  level: number;
  text: string;
}

export interface SearchIndexFile {
  version: typeof SEARCH_INDEX_VERSION;
  pages: SearchIndexPage[];
  sections: SearchIndexSection[];
}
