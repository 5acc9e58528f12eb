// In-memory search over the build-time index, on MiniSearch (a radix tree of terms, BM25 ranking):
// built once when the index loads, a query then takes well under a millisecond for this site's few
// hundred sections (see web/scripts/search-bench.ts). Tessera's own parts are the tokenizer (snake_case
// field names found whole and by their parts), the stop words, the field weights and the snippets.

import MiniSearch from 'minisearch';
import type { SearchIndexFile, SearchIndexPage, SearchIndexSection } from './index-format';

export interface SnippetPart {
  text: string;
  match: boolean;
}

export interface SearchHit {
  section: SearchIndexSection;
  page: SearchIndexPage;
  /** Page path with the section's anchor. */
  url: string;
  /** Heading of the section, or the page title for a page's introduction. */
  title: string;
  snippet: SnippetPart[];
  score: number;
}

export interface SearchResults {
  query: string;
  total: number;
  hits: SearchHit[];
}

export interface SearchEngine {
  search(query: string, limit?: number): SearchResults;
  readonly sectionCount: number;
}

// Where a token occurs matters: a heading that names the query beats a passing mention.
const WEIGHT = { heading: 8, pageTitle: 4, text: 1 } as const;
// A prefix match ("capt" for "capture") counts, but less than the whole word.
const PREFIX_FACTOR = 0.5;
// Dropped from queries (not from the index) so "how to capture a payment" finds capture sections.
const STOP_WORDS = new Set([
  'a',
  'an',
  'and',
  'are',
  'as',
  'at',
  'be',
  'by',
  'can',
  'do',
  'for',
  'from',
  'how',
  'i',
  'in',
  'is',
  'it',
  'of',
  'on',
  'or',
  'the',
  'to',
  'what',
  'with',
]);
const SNIPPET_RADIUS = 70;

export function tokenize(text: string): string[] {
  const tokens: string[] = [];
  const normalized = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
  for (const word of normalized.split(/[^a-z0-9_]+/)) {
    if (word === '') continue;
    tokens.push(word);
    // snake_case field names are found by their whole name and by each part.
    if (word.includes('_')) for (const part of word.split('_')) if (part !== '') tokens.push(part);
  }
  return tokens;
}

interface IndexedSection {
  id: number;
  heading: string;
  pageTitle: string;
  text: string;
}

export function createSearchEngine(index: SearchIndexFile): SearchEngine {
  const engine = new MiniSearch<IndexedSection>({
    fields: ['heading', 'pageTitle', 'text'],
    storeFields: [],
    // tokenize() already normalizes; MiniSearch's default would lowercase again and lose snake_case parts.
    tokenize: (text) => tokenize(text),
    processTerm: (term) => term,
    searchOptions: {
      boost: WEIGHT,
      // Every word may be the beginning of a longer one (search as you type: "capt" finds "capture").
      prefix: true,
      weights: { fuzzy: 0, prefix: PREFIX_FACTOR },
      combineWith: 'AND',
      // Whole words of the query only, stop words dropped (queryTerms).
      tokenize: queryTerms,
      processTerm: (term) => term,
    },
  });
  engine.addAll(
    index.sections.map((section, id) => {
      const pageTitle = index.pages[section.page]?.title ?? '';
      // The page title describes every section of the page, most of all its introduction, which
      // has no heading of its own: there the title counts as the heading.
      return section.heading === null
        ? { id, heading: pageTitle, pageTitle: '', text: section.text }
        : { id, heading: section.heading, pageTitle, text: section.text };
    }),
  );

  function search(query: string, limit = Number.POSITIVE_INFINITY): SearchResults {
    const terms = queryTerms(query);
    if (terms.length === 0) return { query, total: 0, hits: [] };
    const ranked = engine.search(query).sort((a, b) => b.score - a.score || Number(a.id) - Number(b.id));
    const hits: SearchHit[] = [];
    for (const { id, score } of ranked.slice(0, limit)) {
      const section = index.sections[Number(id)];
      const page = section ? index.pages[section.page] : undefined;
      if (!section || !page) continue;
      hits.push({
        section,
        page,
        url: section.anchor ? `${page.path}#${section.anchor}` : page.path,
        title: section.heading ?? page.title,
        snippet: makeSnippet(section.text, terms),
        score,
      });
    }
    return { query, total: ranked.length, hits };
  }

  return { search, sectionCount: index.sections.length };
}

function queryTerms(query: string): string[] {
  // Only whole words of the query, not the snake_case parts: "client_secret" should not match
  // every section that says "client".
  const words = query
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9_]+/)
    .filter(Boolean);
  const meaningful = words.filter((word) => !STOP_WORDS.has(word));
  return [...new Set(meaningful.length > 0 ? meaningful : words)];
}

/** A window of the text around the first matching word, with the matches marked. */
export function makeSnippet(text: string, terms: readonly string[]): SnippetPart[] {
  if (text === '') return [];
  const pattern = new RegExp(`\\b(${terms.map(escapeRegExp).join('|')})[a-z0-9_]*`, 'gi');
  const first = pattern.exec(text);
  const start = first ? Math.max(0, first.index - SNIPPET_RADIUS) : 0;
  const end = Math.min(text.length, (first ? first.index : 0) + SNIPPET_RADIUS * 2);
  const window = `${start > 0 ? '…' : ''}${text.slice(start, end)}${end < text.length ? '…' : ''}`;
  const parts: SnippetPart[] = [];
  let cursor = 0;
  pattern.lastIndex = 0;
  for (const match of window.matchAll(pattern)) {
    if (match.index > cursor) parts.push({ text: window.slice(cursor, match.index), match: false });
    parts.push({ text: match[0], match: true });
    cursor = match.index + match[0].length;
  }
  if (cursor < window.length) parts.push({ text: window.slice(cursor), match: false });
  return parts;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
