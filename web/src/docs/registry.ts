// The documentation pages known to this build, and their sidebars.

import { docs, loadDoc } from 'virtual:tessera/docs-manifest';
import { buildSidebars, findSidebarOfDoc, type Sidebars } from './sidebar';
import { sidebarCategories, sidebarsConfig } from './sidebars';
import type { DocMetadata, DocModule } from './types';

export const allDocs: readonly DocMetadata[] = docs;

// Resolved once when the docs code loads: a sidebar pointing at a missing page fails right away.
export const sidebars: Sidebars = buildSidebars(sidebarsConfig, sidebarCategories, docs);

function normalizePath(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

const byPath = new Map(docs.map((doc) => [normalizePath(doc.path), doc]));

export function findDocByPath(pathname: string): DocMetadata | null {
  return byPath.get(normalizePath(pathname)) ?? null;
}

export function findDocById(id: string): DocMetadata | null {
  return docs.find((doc) => doc.id === id) ?? null;
}

export function sidebarNameOf(doc: DocMetadata): string | null {
  return findSidebarOfDoc(sidebars, doc.id);
}

export function loadDocModule(doc: DocMetadata): Promise<DocModule> {
  const load = loadDoc[doc.id];
  if (!load) return Promise.reject(new Error(`No compiled module for the doc "${doc.id}".`));
  return load();
}
