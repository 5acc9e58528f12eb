// Remark plugin run while each MDX page compiles: gives every heading a stable id, and reports the
// page outline (frontmatter, table of contents, searchable sections) to the docs-content plugin.
//
// Doing this inside the MDX compile means search and the table of contents see exactly the text the
// reader sees (the real MDX parser, not a regex over the source).

import GithubSlugger from 'github-slugger';
import type { Heading, Root, RootContent } from 'mdast';
import type { VFile } from 'vfile';
import { parseFrontmatter, type FrontmatterData } from './frontmatter.js';

export interface TocEntry {
  value: string;
  id: string;
  level: number;
}

/** One search record: a page's introduction (no heading) or an h2/h3 with the text under it. */
export interface OutlineSection {
  heading: string | null;
  anchor: string | null;
  level: number;
  text: string;
}

export interface DocOutline {
  frontmatter: FrontmatterData;
  toc: TocEntry[];
  sections: OutlineSection[];
}

export interface OutlineOptions {
  minHeadingLevel: number;
  maxHeadingLevel: number;
  collect(filePath: string, outline: DocOutline): void;
}

// A section's text is only used for matching and snippets; beyond this it only grows the index.
const MAX_SECTION_TEXT = 4000;

export function remarkDocOutline(options: OutlineOptions) {
  return (tree: Root, file: VFile): void => {
    const slugger = new GithubSlugger();
    const toc: TocEntry[] = [];
    const sections: OutlineSection[] = [{ heading: null, anchor: null, level: 1, text: '' }];
    let frontmatter: FrontmatterData = {};

    for (const node of tree.children) {
      if (node.type === 'yaml') {
        frontmatter = parseFrontmatter(node.value);
        continue;
      }
      if (node.type === 'heading') {
        const text = collapse(textOf(node));
        const id = slugger.slug(text);
        setHeadingId(node, id);
        if (node.depth >= options.minHeadingLevel && node.depth <= options.maxHeadingLevel) {
          toc.push({ value: text, id, level: node.depth });
          sections.push({ heading: text, anchor: id, level: node.depth, text: '' });
          continue;
        }
      }
      const current = sections[sections.length - 1];
      if (current && current.text.length < MAX_SECTION_TEXT) {
        current.text = collapse(`${current.text} ${textOf(node)}`).slice(0, MAX_SECTION_TEXT);
      }
    }
    // An empty introduction (the page starts with a heading) would only be noise in results.
    const searchable = sections.filter((section) => section.heading !== null || section.text !== '');
    options.collect(file.path, { frontmatter, toc, sections: searchable });
  };
}

function setHeadingId(node: Heading, id: string): void {
  // mdast-util-to-hast copies hProperties onto the generated <hN> element.
  node.data = { ...node.data, hProperties: { ...node.data?.hProperties, id } };
}

/** Visible text of a node; ESM imports/exports and JS expressions are code, not prose. */
function textOf(node: RootContent | Root): string {
  switch (node.type) {
    case 'mdxjsEsm':
    case 'mdxFlowExpression':
    case 'mdxTextExpression':
    case 'yaml':
    case 'html':
      return '';
    case 'text':
    case 'inlineCode':
    case 'code':
      return node.value;
    default:
      break;
  }
  if ('children' in node) {
    const parts: string[] = [];
    for (const child of node.children) parts.push(textOf(child));
    // Block children are separated by a space so words from adjacent paragraphs do not merge.
    return parts.join(isBlockContainer(node) ? ' ' : '');
  }
  return '';
}

function isBlockContainer(node: RootContent | Root): boolean {
  return (
    node.type !== 'paragraph' &&
    node.type !== 'heading' &&
    node.type !== 'link' &&
    node.type !== 'emphasis' &&
    node.type !== 'strong' &&
    node.type !== 'delete' &&
    node.type !== 'mdxJsxTextElement'
  );
}

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
