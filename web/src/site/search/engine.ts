// In-memory search over the build-time index: an inverted index from token to sections, with
// prefix matching through a sorted token list (binary search). Built once when the index loads;
// a query then touches only the postings of its tokens, which takes well under a millisecond for
// this site's few hundred sections (see web/scripts/search-bench.ts).

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

export function createSearchEngine(index: SearchIndexFile): SearchEngine {
  const postings = new Map<string, Map<number, number>>();
  const add = (token: string, section: number, weight: number) => {
    let list = postings.get(token);
    if (!list) postings.set(token, (list = new Map()));
    list.set(section, Math.max(list.get(section) ?? 0, weight));
  };
  index.sections.forEach((section, id) => {
    const page = index.pages[section.page];
    for (const token of tokenize(section.text)) add(token, id, WEIGHT.text);
    if (section.heading !== null) for (const token of tokenize(section.heading)) add(token, id, WEIGHT.heading);
    // The page title describes every section of the page, most of all its introduction.
    if (page) {
      const weight = section.heading === null ? WEIGHT.heading : WEIGHT.pageTitle;
      for (const token of tokenize(page.title)) add(token, id, weight);
    }
  });
  const sortedTokens = [...postings.keys()].sort();

  function prefixMatches(prefix: string): string[] {
    let low = 0;
    let high = sortedTokens.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((sortedTokens[middle] ?? '') < prefix) low = middle + 1;
      else high = middle;
    }
    const matches: string[] = [];
    for (let i = low; i < sortedTokens.length && (sortedTokens[i] ?? '').startsWith(prefix); i++) {
      matches.push(sortedTokens[i] ?? '');
    }
    return matches;
  }

  /** Best score of each section for one query token (exact word or prefix). */
  function scoresFor(token: string): Map<number, number> {
    const scores = new Map<number, number>();
    for (const candidate of prefixMatches(token)) {
      const factor = candidate === token ? 1 : PREFIX_FACTOR;
      for (const [section, weight] of postings.get(candidate) ?? []) {
        scores.set(section, Math.max(scores.get(section) ?? 0, weight * factor));
      }
    }
    return scores;
  }

  function search(query: string, limit = Number.POSITIVE_INFINITY): SearchResults {
    const terms = queryTerms(query);
    if (terms.length === 0) return { query, total: 0, hits: [] };
    // Every term must match (AND); rarest first keeps the candidate set small.
    const perTerm = terms.map(scoresFor).sort((a, b) => a.size - b.size);
    const [first, ...rest] = perTerm;
    const ranked: { section: number; score: number }[] = [];
    for (const [section, score] of first ?? []) {
      let total = score;
      let matchesAll = true;
      for (const other of rest) {
        const value = other.get(section);
        if (value === undefined) {
          matchesAll = false;
          break;
        }
        total += value;
      }
      if (matchesAll) ranked.push({ section, score: total });
    }
    ranked.sort((a, b) => b.score - a.score || a.section - b.section);
    const hits: SearchHit[] = [];
    for (const { section: id, score } of ranked.slice(0, limit)) {
      const section = index.sections[id];
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
