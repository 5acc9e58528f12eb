import { validateAddress } from './address';
import { isMinorUnits, isPositiveMinorUnits, validateNonNegativeAmount } from './amounts';
import { fieldError, pointer, type FieldError } from './field-error';
import type { ItemLineInput, OrderInput } from './inputs';

type LineAmountField = 'tax_amount' | 'discount_amount';

/**
 * The order's amounts, against each other and against the payment amount.
 *
 * - `net_amount`, when given, is an integer of at least 1 and not below `paymentAmount`
 *   (an order may be paid by several payments, never by more than its total).
 * - `tax_amount` and `discount_amount`, when given, are integers ≥ 0; so are the
 *   `tax_amount` and `discount_amount` of every item line.
 * - Line totals: when at least one item line (in any shipment) gives `tax_amount` and the
 *   order gives `tax_amount`, the order's equals the sum over all item lines of all
 *   shipments, a line without the field counting 0. Likewise for the deprecated
 *   `discount_amount`. An order that gives no total is not compared: there is nothing to
 *   contradict. Order-level `discounts[]` do not enter these sums.
 *
 * `paymentAmount` is not judged here (its own rule reports it); an invalid one skips the
 * comparison.
 */
export function validateOrderTotals(order: OrderInput, paymentAmount: unknown, at: string): FieldError[] {
  const errors: FieldError[] = [];

  if (order.net_amount !== undefined) {
    if (!isPositiveMinorUnits(order.net_amount)) {
      errors.push(fieldError(pointer(at, 'net_amount'), 'must be an integer amount in minor units, at least 1'));
    } else if (isPositiveMinorUnits(paymentAmount) && order.net_amount < paymentAmount) {
      errors.push(fieldError(pointer(at, 'net_amount'), `must not be below the payment amount (${paymentAmount})`));
    }
  }
  errors.push(...validateNonNegativeAmount(order.tax_amount, pointer(at, 'tax_amount')));
  errors.push(...validateNonNegativeAmount(order.discount_amount, pointer(at, 'discount_amount')));

  for (const field of ['tax_amount', 'discount_amount'] as const) {
    errors.push(...validateLineSum(order, field, at));
  }
  return errors;
}

function validateLineSum(order: OrderInput, field: LineAmountField, at: string): FieldError[] {
  const errors: FieldError[] = [];
  let sum = 0;
  let anyLineGivesIt = false;
  let allValid = true;
  (order.shipments ?? []).forEach((shipment, s) => {
    (shipment.item_lines ?? []).forEach((line: ItemLineInput, l) => {
      const value = line[field];
      if (value === undefined) return;
      anyLineGivesIt = true;
      const lineErrors = validateNonNegativeAmount(value, pointer(at, 'shipments', s, 'item_lines', l, field));
      if (lineErrors.length > 0 || !isMinorUnits(value)) {
        allValid = false;
        errors.push(...lineErrors);
        return;
      }
      sum += value;
    });
  });
  const total = order[field];
  if (anyLineGivesIt && allValid && isMinorUnits(total) && total !== sum) {
    errors.push(
      fieldError(
        pointer(at, field),
        `must equal the sum of the item lines' ${field} over all shipments (${sum}), not ${total}`,
      ),
    );
  }
  return errors;
}

/** Billing address and every shipment's shipping address. */
export function validateOrderAddresses(order: OrderInput, at: string): FieldError[] {
  const errors = validateAddress(order.billing_address, pointer(at, 'billing_address'));
  (order.shipments ?? []).forEach((shipment, s) => {
    errors.push(...validateAddress(shipment.shipping_address, pointer(at, 'shipments', s, 'shipping_address')));
  });
  return errors;
}

/** {@link validateOrderTotals} and {@link validateOrderAddresses}. */
export function validateOrder(order: OrderInput, paymentAmount: unknown, at: string): FieldError[] {
  return [...validateOrderTotals(order, paymentAmount, at), ...validateOrderAddresses(order, at)];
}
