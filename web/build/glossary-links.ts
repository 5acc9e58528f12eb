// Every glossary term is linked to its glossary page where the documentation first uses it, so a
// reader meets the definition the first time they need it. While each page compiles, a remark
// plugin records its prose in reading order (the text a reader sees, with the link each piece sits
// in; code and headings are not prose to link); the docs-content plugin then walks the pages in
// the sidebar's order and fails the build on a first use without its link.
//
// A glossary page names the words that stand for its term in its frontmatter:
//   terms: 3-D Secure, 3DS
// All-capital words (3DS, CIT) match as written; others in any case.

import type { Root, RootContent } from 'mdast';

/** A run of prose, and the address of the link it is part of. */
export interface ProseRun {
  text: string;
  link: string | null;
}

/** Records the prose runs of a page as it compiles. */
export function remarkProseRuns(options: { collect(file: string, runs: ProseRun[]): void }) {
  return (tree: Root, file: { path: string }): void => {
    const runs: ProseRun[] = [];
    const walk = (node: RootContent, link: string | null) => {
      switch (node.type) {
        case 'code':
        case 'inlineCode':
        case 'heading':
        case 'html':
        case 'yaml':
        case 'mdxjsEsm':
        case 'mdxFlowExpression':
        case 'mdxTextExpression':
        case 'image':
          return;
        case 'text':
          runs.push({ text: node.value, link });
          return;
        case 'link':
          for (const child of node.children) walk(child, node.url);
          return;
        default:
          if ('children' in node) for (const child of node.children as RootContent[]) walk(child, link);
      }
    };
    for (const node of tree.children) walk(node, null);
    options.collect(file.path, runs);
  };
}

export interface GlossaryTerm {
  /** The glossary page's address. */
  path: string;
  words: string[];
}

export interface ReadPage {
  path: string;
  runs: ProseRun[];
}

/** The `terms` frontmatter of a glossary page as words. */
export function parseTermWords(terms: string): string[] {
  return terms
    .split(',')
    .map((word) => word.trim())
    .filter(Boolean);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function matcherOf(words: readonly string[]): (text: string) => boolean {
  const exact = words.filter((word) => word === word.toUpperCase());
  const anyCase = words.filter((word) => word !== word.toUpperCase());
  const pattern = (list: string[], flags: string) =>
    list.length === 0 ? null : new RegExp(`(?<![\\w-])(?:${list.map(escapeRegExp).join('|')})(?![\\w-])`, flags);
  const patterns = [pattern(exact, ''), pattern(anyCase, 'i')].filter((regex): regex is RegExp => regex !== null);
  return (text) => patterns.some((regex) => regex.test(text));
}

function samePage(link: string, path: string): boolean {
  const normalize = (address: string) => address.split('#')[0]?.replace(/\/+$/, '') ?? '';
  return normalize(link) === normalize(path);
}

export interface UnlinkedTerm {
  term: string;
  page: string;
  /** The prose where the term is first used. */
  text: string;
}

/**
 * The terms whose first use, in `pages` (reading order), is not a link to their glossary page. A
 * term's own page is skipped; a link to the glossary page before the first use counts as linked.
 */
export function unlinkedFirstUses(terms: readonly GlossaryTerm[], pages: readonly ReadPage[]): UnlinkedTerm[] {
  const findings: UnlinkedTerm[] = [];
  for (const term of terms) {
    const mentions = matcherOf(term.words);
    search: for (const page of pages) {
      if (samePage(page.path, term.path)) continue;
      for (const run of page.runs) {
        if (run.link !== null && samePage(run.link, term.path)) break search;
        // Words of a link to another page cannot link here as well.
        if (run.link !== null) continue;
        if (mentions(run.text)) {
          findings.push({ term: term.path, page: page.path, text: run.text.trim().slice(0, 120) });
          break search;
        }
      }
    }
  }
  return findings;
}
