// Loader of a documentation route, imported on demand by the route files so the docs manifest is
// not part of the main bundle.

import { notFound } from '@tanstack/react-router';
import type { DocPageData } from '../site/theme/docs/DocPage';
import { findDocByPath, loadDocModule } from './registry';

export async function loadDocPage(pathname: string): Promise<DocPageData> {
  const doc = findDocByPath(pathname);
  if (!doc) throw notFound();
  return { doc, module: await loadDocModule(doc) };
}
