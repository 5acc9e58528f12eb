// The api's rule for a webhook header's value (domain/validation/webhook-headers.ts) against what
// Node's HTTP client, which makes the deliveries (platform/http-transport.ts), will send: a value the
// rule admits must never make a delivery throw "Invalid character in header content".
import { validateHeaderValue } from 'node:http';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSendableHeaderValue } from '../../domain/validation/webhook-headers';

const nodeSends = (value: string): boolean => {
  try {
    validateHeaderValue('x-test', value);
    return true;
  } catch {
    return false;
  }
};

describe('the webhook header value rule', () => {
  it('admits no character up to U+02FF that Node refuses, and refuses beyond Node only the C1 controls', () => {
    const admittedButRefusedByNode: string[] = [];
    const refusedButSentByNode: string[] = [];
    for (let code = 0; code <= 0x2ff; code += 1) {
      const value = `a${String.fromCharCode(code)}b`;
      const name = `U+${code.toString(16).padStart(4, '0')}`;
      if (isSendableHeaderValue(value) && !nodeSends(value)) admittedButRefusedByNode.push(name);
      if (!isSendableHeaderValue(value) && nodeSends(value)) refusedButSentByNode.push(name);
    }
    expect(admittedButRefusedByNode).toEqual([]);
    // Stricter than Node on purpose: U+0080–U+009F are control characters, which no value means.
    expect(refusedButSentByNode).toEqual(
      Array.from({ length: 0x20 }, (_, i) => `U+${(0x80 + i).toString(16).padStart(4, '0')}`),
    );
  });

  it('admits no string Node refuses', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (value) => {
        expect(!isSendableHeaderValue(value) || nodeSends(value)).toBe(true);
      }),
    );
  });
});
