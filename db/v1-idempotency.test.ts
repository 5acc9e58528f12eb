import { describe, expect, it } from 'vitest';
import { isV1IdempotencyKey } from './v1-idempotency';

describe('isV1IdempotencyKey', () => {
  it('takes 1 to 255 printable ASCII characters, spaces inside, and nothing else', () => {
    for (const key of ['a', 'order 123 capture', 'ORD-1/capture:2', '~'.repeat(255)])
      expect(isV1IdempotencyKey(key), key).toBe(true);
    for (const key of ['', ' a', 'a ', 'é', 'a\tb', 'x'.repeat(256), 42])
      expect(isV1IdempotencyKey(key), String(key)).toBe(false);
  });
});
