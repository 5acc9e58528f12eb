import { describe, expect, it } from 'vitest';
import { cacheControlFor, IMMUTABLE, REVALIDATE, STABLE_SCRIPT } from './web-cache-control';

describe('cacheControlFor', () => {
  it('keeps hashed app files a year, stable script addresses minutes, and revalidates the rest', () => {
    expect(cacheControlFor('/assets/docs-shell-B9V97QEV.js')).toBe(IMMUTABLE);
    expect(cacheControlFor('/assets/main-CAWabvi4.css')).toBe(IMMUTABLE);
    expect(cacheControlFor('/widget/v1/tessera-widget.js')).toBe(STABLE_SCRIPT);
    expect(cacheControlFor('/sdk/v1/tessera-sdk.js?x=1')).toBe(STABLE_SCRIPT);
    for (const path of [
      '/docs',
      'pages/docs.html',
      '/search-index.json',
      '/browser-scripts.json',
      '/widget/v1/readme.txt',
    ])
      expect(cacheControlFor(path), path).toBe(REVALIDATE);
    expect(STABLE_SCRIPT).toBe('public, max-age=300');
  });
});
