import { describe, expect, it } from 'vitest';
import { createSearchEngine, makeSnippet, tokenize } from './engine';
import type { SearchIndexFile } from './index-format';

const index: SearchIndexFile = {
  version: 1,
  pages: [
    { path: '/docs/references/glossary/capture', title: 'Capture' },
    { path: '/docs/integrate/getting-started', title: 'Getting started' },
  ],
  sections: [
    {
      page: 0,
      heading: null,
      anchor: null,
      level: 1,
      text: 'A capture turns an authorization into an actual transfer of money.',
    },
    {
      page: 0,
      heading: 'In Tessera',
      anchor: 'in-tessera',
      level: 2,
      text: 'Send an x-idempotency-key so a retry never captures twice. The client_secret is not needed.',
    },
    {
      page: 1,
      heading: '7. Capture the payment',
      anchor: '7-capture-the-payment',
      level: 2,
      text: 'Capture the whole amount with POST /v2/payments/{id}/captures.',
    },
    {
      page: 1,
      heading: '3. Get an access token',
      anchor: '3-get-an-access-token',
      level: 2,
      text: 'Tessera uses OAuth2 client credentials.',
    },
  ],
};

describe('tokenize', () => {
  it('lowercases, splits on punctuation and keeps snake_case words with their parts', () => {
    expect(tokenize('Send x-idempotency-key, client_secret!')).toEqual([
      'send',
      'x',
      'idempotency',
      'key',
      'client_secret',
      'client',
      'secret',
    ]);
    expect(tokenize('Élan')).toEqual(['elan']);
  });
});

describe('search engine', () => {
  const engine = createSearchEngine(index);

  it('answers per section, with the section anchor in the url', () => {
    const { hits } = engine.search('access token');
    expect(hits.map((hit) => hit.url)).toEqual(['/docs/integrate/getting-started#3-get-an-access-token']);
    expect(hits[0]?.title).toBe('3. Get an access token');
  });

  it('requires every query word and ranks headings above passing mentions', () => {
    const { hits, total } = engine.search('capture');
    expect(total).toBe(3);
    // The capture page introduction (page title) and the "Capture the payment" heading beat the text mention.
    expect(hits[hits.length - 1]?.url).toBe('/docs/references/glossary/capture#in-tessera');
    expect(engine.search('capture oauth2').total).toBe(0);
  });

  it('matches the last word as a prefix (search as you type)', () => {
    expect(engine.search('idempot').hits.map((hit) => hit.url)).toEqual([
      '/docs/references/glossary/capture#in-tessera',
    ]);
    expect(engine.search('autho').total).toBeGreaterThan(0);
  });

  it('finds snake_case fields by their whole name', () => {
    expect(engine.search('client_secret').total).toBe(1);
  });

  it('drops stop words unless the query has nothing else', () => {
    expect(engine.search('how to capture the payment').hits[0]?.url).toBe(
      '/docs/integrate/getting-started#7-capture-the-payment',
    );
  });

  it('limits hits but reports the total', () => {
    const results = engine.search('capture', 1);
    expect(results.hits).toHaveLength(1);
    expect(results.total).toBe(3);
  });

  it('answers nothing for an empty or unknown query', () => {
    expect(engine.search('   ')).toEqual({ query: '   ', total: 0, hits: [] });
    expect(engine.search('zzzz').total).toBe(0);
  });
});

describe('snippets', () => {
  it('mark the matched words around the first match', () => {
    const parts = makeSnippet('Send an x-idempotency-key so a retry never captures twice.', ['captur']);
    expect(parts.filter((part) => part.match).map((part) => part.text)).toEqual(['captures']);
    expect(parts.map((part) => part.text).join('')).toBe('Send an x-idempotency-key so a retry never captures twice.');
  });
});
