import { validateAddress } from './address';
import { validatePositiveAmount } from './amounts';
import { fieldError, pointer, type FieldError } from './field-error';
import type { PaymentSolutionInput, ShipmentInput } from './inputs';

export interface OperationRequestInput {
  /** Optional here so that a body the schema did not check can be judged too. */
  readonly amount?: number | undefined;
  readonly priority?: readonly PaymentSolutionInput[] | undefined;
  readonly partner_transaction_id?: string | undefined;
  readonly order?: { readonly shipments?: readonly ShipmentInput[] } | undefined;
}

/** The three forms a capture, void or refund body may take (web/src/docs/content/integrate/purse-api/tutorials/payment-operations.mdx). */
export type OperationRequestForm =
  | { readonly form: 'AMOUNT_ONLY'; readonly amount: number }
  | { readonly form: 'PRIORITY'; readonly amount: number; readonly priority: readonly PaymentSolutionInput[] }
  | { readonly form: 'PARTNER_TRANSACTION'; readonly amount: number; readonly partner_transaction_id: string };

/**
 * Rules of a capture, void or refund body:
 *
 * - `/amount` is an integer > 0;
 * - exactly one of three forms: amount only; amount and a non-empty `priority` list of
 *   distinct partner and method pairs; amount and `partner_transaction_id`. Giving both
 *   `priority` and `partner_transaction_id` is refused at `/partner_transaction_id`;
 * - every shipping address of `/order/shipments` passes {@link validateAddress}.
 *
 * Whether the amount is available (to capture, void, refund) depends on the payment and is
 * checked by the payment workflow's update validator, not here.
 */
export function validateOperationRequest(body: OperationRequestInput): FieldError[] {
  const errors = validatePositiveAmount(body.amount, '/amount');
  if (body.priority !== undefined) {
    if (body.priority.length === 0) {
      errors.push(fieldError('/priority', 'must list at least one partner and method; omit it to let Tessera choose'));
    }
    const seen = new Map<string, number>();
    body.priority.forEach((solution, i) => {
      const key = JSON.stringify([solution.partner, solution.method]);
      const first = seen.get(key);
      if (first === undefined) seen.set(key, i);
      else
        errors.push(
          fieldError(pointer('/priority', i), `repeats /priority/${first} (${solution.partner} ${solution.method})`),
        );
    });
    if (body.partner_transaction_id !== undefined) {
      errors.push(
        fieldError(
          '/partner_transaction_id',
          'must not be combined with priority: give either a priority list or one partner transaction, or neither',
        ),
      );
    }
  }
  (body.order?.shipments ?? []).forEach((shipment, s) => {
    errors.push(...validateAddress(shipment.shipping_address, pointer('/order/shipments', s, 'shipping_address')));
  });
  return errors;
}

/** The form of a body that passed {@link validateOperationRequest}; undefined if it did not. */
export function operationRequestForm(body: OperationRequestInput): OperationRequestForm | undefined {
  const { amount } = body;
  if (amount === undefined || validateOperationRequest(body).length > 0) return undefined;
  if (body.priority !== undefined) return { form: 'PRIORITY', amount, priority: body.priority };
  if (body.partner_transaction_id !== undefined) {
    return { form: 'PARTNER_TRANSACTION', amount, partner_transaction_id: body.partner_transaction_id };
  }
  return { form: 'AMOUNT_ONLY', amount };
}
