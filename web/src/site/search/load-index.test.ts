import { describe, expect, it, vi } from 'vitest';
import { loadSearchEngine, parseSearchIndex } from './load-index';

const file = {
  version: 1,
  pages: [{ path: '/docs', title: 'Home' }],
  sections: [{ page: 0, heading: null, anchor: null, level: 1, text: 'Welcome' }],
};

describe('search index loading', () => {
  it('validates the downloaded file', () => {
    expect(parseSearchIndex(file).sections).toHaveLength(1);
    expect(() => parseSearchIndex({ ...file, version: 2 })).toThrow(/unexpected format/);
    expect(() => parseSearchIndex({ ...file, sections: [{ page: 'x' }] })).toThrow(/Bad section/);
    expect(() => parseSearchIndex('<!doctype html>')).toThrow();
  });

  it('does not keep a failed load, so the next search retries', async () => {
    const failing = vi.fn(async () => new Response('nope', { status: 503 }));
    await expect(loadSearchEngine('/search-index.json', failing)).rejects.toThrow(/HTTP 503/);
    const working = vi.fn(async () => new Response(JSON.stringify(file)));
    const engine = await loadSearchEngine('/search-index.json', working);
    expect(engine.search('welcome').total).toBe(1);
    // Loaded once, then kept.
    await loadSearchEngine('/search-index.json', working);
    expect(working).toHaveBeenCalledTimes(1);
  });
});
