import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { OrderInput } from './inputs';
import { validateOrder, validateOrderAddresses, validateOrderTotals } from './order';

const at = '/order';

function orderWithLineTaxes(taxes: (number | undefined)[][], tax_amount?: number): OrderInput {
  return {
    ...(tax_amount === undefined ? {} : { tax_amount }),
    shipments: taxes.map((lines) => ({
      item_lines: lines.map((tax) => (tax === undefined ? {} : { tax_amount: tax })),
    })),
  };
}

describe('validateOrderTotals: net_amount', () => {
  it('accepts a net amount equal to or above the payment amount', () => {
    expect(validateOrderTotals({ net_amount: 1000 }, 1000, at)).toEqual([]);
    expect(validateOrderTotals({ net_amount: 5000 }, 1000, at)).toEqual([]);
    expect(validateOrderTotals({ net_amount: 1 }, 1, at)).toEqual([]);
  });

  it('accepts an order without net amount', () => {
    expect(validateOrderTotals({}, 1000, at)).toEqual([]);
  });

  it('refuses a net amount below the payment amount', () => {
    expect(validateOrderTotals({ net_amount: 999 }, 1000, at)).toEqual([
      { pointer: '/order/net_amount', detail: 'must not be below the payment amount (1000)' },
    ]);
  });

  it.each([0, -1, 10.5, Number.NaN, Number.MAX_SAFE_INTEGER + 1])('refuses net amount %s', (net_amount) => {
    expect(validateOrderTotals({ net_amount }, 1, at)).toEqual([
      { pointer: '/order/net_amount', detail: 'must be an integer amount in minor units, at least 1' },
    ]);
  });

  it('does not compare with an invalid payment amount (its own rule reports it)', () => {
    expect(validateOrderTotals({ net_amount: 5 }, 0, at)).toEqual([]);
    expect(validateOrderTotals({ net_amount: 5 }, undefined, at)).toEqual([]);
  });
});

describe('validateOrderTotals: tax_amount and discount_amount', () => {
  it('accepts zero and positive order tax and discount amounts', () => {
    expect(validateOrderTotals({ tax_amount: 0, discount_amount: 0 }, 100, at)).toEqual([]);
    expect(validateOrderTotals({ tax_amount: 1666, discount_amount: 500 }, 100, at)).toEqual([]);
  });

  it.each([-1, 1.5])('refuses order tax_amount %s', (tax_amount) => {
    expect(validateOrderTotals({ tax_amount }, 100, at)).toEqual([
      { pointer: '/order/tax_amount', detail: 'must be an integer amount in minor units, at least 0' },
    ]);
  });

  it('refuses a negative order discount_amount', () => {
    expect(validateOrderTotals({ discount_amount: -1 }, 100, at)).toEqual([
      { pointer: '/order/discount_amount', detail: 'must be an integer amount in minor units, at least 0' },
    ]);
  });

  it('refuses a negative item-line tax, pointing at the line', () => {
    expect(validateOrderTotals(orderWithLineTaxes([[100], [50, -3]], 147), 100, at)).toEqual([
      {
        pointer: '/order/shipments/1/item_lines/1/tax_amount',
        detail: 'must be an integer amount in minor units, at least 0',
      },
    ]);
  });
});

describe('validateOrderTotals: order totals equal the sum of the item lines', () => {
  it('accepts a tax amount equal to the sum over all shipments', () => {
    expect(validateOrderTotals(orderWithLineTaxes([[100, 200], [300]], 600), 1, at)).toEqual([]);
  });

  it('counts lines without tax_amount as 0', () => {
    expect(validateOrderTotals(orderWithLineTaxes([[100, undefined], [undefined]], 100), 1, at)).toEqual([]);
  });

  it('refuses a tax amount different from the sum', () => {
    expect(validateOrderTotals(orderWithLineTaxes([[100, 200], [300]], 500), 1, at)).toEqual([
      {
        pointer: '/order/tax_amount',
        detail: "must equal the sum of the item lines' tax_amount over all shipments (600), not 500",
      },
    ]);
  });

  it('refuses a tax amount that only matches the first shipment', () => {
    expect(validateOrderTotals(orderWithLineTaxes([[100, 200], [300]], 300), 1, at)).toHaveLength(1);
  });

  it('does not compare when no item line gives a tax amount', () => {
    expect(validateOrderTotals(orderWithLineTaxes([[undefined], []], 999), 1, at)).toEqual([]);
    expect(validateOrderTotals({ tax_amount: 999, shipments: [{}] }, 1, at)).toEqual([]);
  });

  it('does not compare when the order gives no tax amount', () => {
    expect(validateOrderTotals(orderWithLineTaxes([[100]]), 1, at)).toEqual([]);
  });

  it('does not add a mismatch on top of an invalid line value', () => {
    const errors = validateOrderTotals(orderWithLineTaxes([[100, -1]], 100), 1, at);
    expect(errors.map((e) => e.pointer)).toEqual(['/order/shipments/0/item_lines/1/tax_amount']);
  });

  it('applies the same rule to the deprecated discount_amount', () => {
    const order: OrderInput = {
      discount_amount: 250,
      shipments: [{ item_lines: [{ discount_amount: 100 }, { discount_amount: 100 }] }],
    };
    expect(validateOrderTotals(order, 1, at)).toEqual([
      {
        pointer: '/order/discount_amount',
        detail: "must equal the sum of the item lines' discount_amount over all shipments (200), not 250",
      },
    ]);
    expect(validateOrderTotals({ ...order, discount_amount: 200 }, 1, at)).toEqual([]);
  });

  it('holds for any split of the tax over lines and shipments', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.integer({ min: 0, max: 1e6 }), { maxLength: 5 }), { maxLength: 5 }),
        fc.integer({ min: -3, max: 3 }),
        (taxes, delta) => {
          const sum = taxes.flat().reduce((a, b) => a + b, 0);
          const anyLine = taxes.flat().length > 0;
          const total = Math.max(0, sum + delta);
          const errors = validateOrderTotals(orderWithLineTaxes(taxes, total), 1, at);
          expect(errors.length).toBe(anyLine && total !== sum ? 1 : 0);
        },
      ),
    );
  });
});

describe('validateOrderAddresses', () => {
  it('checks the billing address and every shipping address with their pointers', () => {
    const errors = validateOrderAddresses(
      {
        billing_address: { country_code: 'XX' },
        shipments: [{ shipping_address: { country_code: 'FR' } }, { shipping_address: { phone_number: '0612' } }],
      },
      at,
    );
    expect(errors.map((e) => e.pointer)).toEqual([
      '/order/billing_address/country_code',
      '/order/shipments/1/shipping_address/phone_number',
    ]);
  });

  it('accepts an order without addresses', () => {
    expect(validateOrderAddresses({ shipments: [{}, { item_lines: [] }] }, at)).toEqual([]);
  });
});

describe('validateOrder', () => {
  it('reports totals and addresses together', () => {
    const errors = validateOrder({ net_amount: 5, billing_address: { country_code: 'fr' } }, 10, at);
    expect(errors.map((e) => e.pointer)).toEqual(['/order/net_amount', '/order/billing_address/country_code']);
  });
});
