import type { MDXContent } from 'mdx/types';

/**
 * What every page of the site knows about a documentation page (the docs manifest of
 * web/build/docs-content.ts): enough for routes, sidebars and links. A page's description comes
 * with its own compiled module (`frontmatter`), so the manifest every page downloads stays small.
 */
export interface DocMetadata {
  id: string;
  path: string;
  title: string;
  sidebarPosition: number | null;
  sidebarLabel: string | null;
  /** Folder of the source file relative to the content folder ("" at the top). */
  sourceDir: string;
  /** An index.mdx stands for its folder. */
  isIndex: boolean;
}

export interface TocEntry {
  value: string;
  id: string;
  level: number;
}

/** A compiled .mdx page. */
export interface DocModule {
  default: MDXContent;
  toc: TocEntry[];
  /** Its frontmatter (web/build/frontmatter.ts checks it at build time). */
  frontmatter: { description?: string };
}
