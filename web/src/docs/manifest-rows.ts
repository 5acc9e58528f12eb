// The docs manifest as web/build/docs-content.ts writes it: every page downloads it, so each page
// is a row of values rather than an object, without what follows from its id (its path when it is
// the id's own, its source folder). The manifest module turns the rows back into DocMetadata here.
import type { DocMetadata } from './types';

/** [id, path (0: the id's own), title, sidebar position, sidebar label, 1 for an index page]. */
export type ManifestRow = [
  id: string,
  path: string | 0,
  title: string,
  sidebarPosition: number | null,
  sidebarLabel: string | null,
  index: 0 | 1,
];

/** The path a page has unless its frontmatter gives a slug. */
export function ownPath(routeBase: string, id: string, isIndex: boolean): string {
  return `${routeBase}/${id}${isIndex ? '/' : ''}`;
}

export function manifestRow(doc: DocMetadata, routeBase: string): ManifestRow {
  const path = doc.path === ownPath(routeBase, doc.id, doc.isIndex) ? 0 : doc.path;
  return [doc.id, path, doc.title, doc.sidebarPosition, doc.sidebarLabel, doc.isIndex ? 1 : 0];
}

export function expandManifestRow(row: ManifestRow, routeBase: string): DocMetadata {
  const [id, path, title, sidebarPosition, sidebarLabel, index] = row;
  const isIndex = index === 1;
  return {
    id,
    path: path === 0 ? ownPath(routeBase, id, isIndex) : path,
    title,
    sidebarPosition,
    sidebarLabel,
    // An index page's id is its folder; the top one's is "index", in the top folder.
    sourceDir: isIndex ? (id === 'index' ? '' : id) : id.slice(0, Math.max(0, id.lastIndexOf('/'))),
    isIndex,
  };
}
