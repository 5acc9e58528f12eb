import { describe, expect, it } from 'vitest';
import { expandManifestRow, manifestRow } from './manifest-rows';
import type { DocMetadata } from './types';

const page = (doc: Partial<DocMetadata> & Pick<DocMetadata, 'id' | 'path'>): DocMetadata => ({
  title: 'A page',
  sidebarPosition: null,
  sidebarLabel: null,
  sourceDir: '',
  isIndex: false,
  ...doc,
});

describe('the docs manifest’s rows', () => {
  it('give back every page as it was, leaving out the path and folder its id gives', () => {
    const pages = [
      page({ id: 'index', path: '/docs/intro', isIndex: true, sourceDir: '' }),
      page({ id: 'integrate/getting-started', path: '/docs/integrate/getting-started', sourceDir: 'integrate' }),
      page({
        id: 'integrate/purse-reports/overview',
        path: '/docs/integrate/purse-reports/overview',
        sourceDir: 'integrate/purse-reports',
        sidebarPosition: 1,
        sidebarLabel: 'Overview',
      }),
      page({
        id: 'partners/sandbox-card',
        path: '/docs/partners/sandbox-card/',
        isIndex: true,
        sourceDir: 'partners/sandbox-card',
      }),
      page({ id: 'glossary', path: '/docs/glossary', sourceDir: '' }),
    ];
    const rows = pages.map((doc) => manifestRow(doc, '/docs'));
    expect(rows[1]![1]).toBe(0);
    expect(rows[0]![1]).toBe('/docs/intro');
    expect(rows.map((row) => expandManifestRow(row, '/docs'))).toEqual(pages);
  });
});
