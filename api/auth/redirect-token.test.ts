import { describe, expect, it } from 'vitest';
import { redirectionParameter, redirectionUrl } from './redirect-token';

const token = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJwYXkifQ.c2ln-_';

describe('redirectionUrl', () => {
  it("keeps the merchant's query as it was written, and its fragment after the outcome", () => {
    expect(redirectionUrl('https://shop.example.com/back?order=1&x=a%20b&y=c+d#done', token)).toBe(
      `https://shop.example.com/back?order=1&x=a%20b&y=c+d&${redirectionParameter}=${token}#done`,
    );
  });

  it('adds a query to a URL without one, and replaces an outcome already there', () => {
    expect(redirectionUrl('https://shop.example.com/back', token)).toBe(
      `https://shop.example.com/back?${redirectionParameter}=${token}`,
    );
    expect(redirectionUrl(`https://shop.example.com/back?${redirectionParameter}=old&a=1&`, token)).toBe(
      `https://shop.example.com/back?a=1&${redirectionParameter}=${token}`,
    );
  });
});
