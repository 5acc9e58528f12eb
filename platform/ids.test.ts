import { describe, expect, it } from 'vitest';
import { deterministicUuid } from './ids';

describe('deterministicUuid', () => {
  it('is stable for the same parts and differs otherwise', () => {
    expect(deterministicUuid('entity', 'key')).toBe(deterministicUuid('entity', 'key'));
    expect(deterministicUuid('entity', 'key')).not.toBe(deterministicUuid('entity', 'key2'));
    // Joining with a separator keeps ("ab","c") and ("a","bc") apart.
    expect(deterministicUuid('ab', 'c')).not.toBe(deterministicUuid('a', 'bc'));
  });

  it('is a well-formed version 8 UUID', () => {
    expect(deterministicUuid('x')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
