import type { MDXContent } from 'mdx/types';

/** What the build knows about a documentation page (see web/build/docs-content.ts). */
export interface DocMetadata {
  id: string;
  path: string;
  title: string;
  description: string | null;
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
}
