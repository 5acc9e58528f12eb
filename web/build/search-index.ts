// Turns the outlines collected while compiling the MDX pages into the search index file.

import { SEARCH_INDEX_VERSION, type SearchIndexFile } from '../src/site/search/index-format.js';
import type { OutlineSection } from './remark-doc-outline.js';

export type { SearchIndexFile };

export interface IndexablePage {
  path: string;
  title: string;
  sections: OutlineSection[];
}

export function buildSearchIndex(pages: IndexablePage[]): SearchIndexFile {
  const file: SearchIndexFile = { version: SEARCH_INDEX_VERSION, pages: [], sections: [] };
  pages.forEach((page, pageIndex) => {
    file.pages.push({ path: page.path, title: page.title });
    for (const section of page.sections) {
      file.sections.push({
        page: pageIndex,
        heading: section.heading,
        anchor: section.anchor,
        level: section.level,
        text: section.text,
      });
    }
  });
  return file;
}
