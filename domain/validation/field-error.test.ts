import { describe, expect, it } from 'vitest';
import { escapePointerToken, pointer } from './field-error';

describe('JSON pointers', () => {
  it('appends tokens, numbers included', () => {
    expect(pointer('/order', 'shipments', 0, 'item_lines', 2, 'tax_amount')).toBe(
      '/order/shipments/0/item_lines/2/tax_amount',
    );
    expect(pointer('', 'amount')).toBe('/amount');
    expect(pointer('/order')).toBe('/order');
  });

  it('escapes "~" and "/" as RFC 6901 says', () => {
    expect(escapePointerToken('a/b~c')).toBe('a~1b~0c');
    expect(pointer('/order/additional_data', 'x/y')).toBe('/order/additional_data/x~1y');
  });
});
