/**
 * What a capture, void or refund request may take from a payment, and from which
 * authorization legs. The payment workflow's Update validator runs {@link planOperation}
 * before anything is recorded; the handler then sends one partner transaction per
 * allocation. The API may run it on a fresh read to answer early, but only the workflow's
 * answer counts: it is the one that sees operations in flight.
 *
 * Default drawing order (when the request gives no priority, and for whatever a priority
 * list leaves over):
 * - captures draw on legs in authorization order. A split payment authorizes the gift card
 *   first and the card for the rest, so the gift card balance the shopper chose to spend is
 *   used first;
 * - voids and refunds unwind in the reverse order, last leg first. Whatever the merchant
 *   does not take (void) or gives back (refund) returns to the card before the gift card:
 *   shoppers expect money back where it can be spent anywhere, a gift card refund is
 *   restricted to one merchant and may expire, and releasing the card hold frees the
 *   shopper's credit line. It is also the exact mirror of capturing, so capture 30 then
 *   refund 30 restores each leg as it was.
 *
 * Targeting a leg (`partner_transaction_id`): it names an authorization partner transaction
 * for all three kinds, as the OperationRequest schema documents. A refund therefore names the
 * authorization that was captured, because partners refund against the authorization and
 * Tessera tracks refundable money per authorization, not per capture. Naming a capture, void
 * or refund partner transaction is refused with a detail that gives its authorization's id.
 */
import type { OperationKind, PaymentLedger } from './payment-ledger';
import { authorizationBalances, availableOn, type AuthorizationBalance } from './payment-amounts';
import { fieldError, pointer, type FieldError } from './validation/field-error';
import { validateOperationRequest, type OperationRequestInput } from './validation/operation';

/** Part of an operation drawn on one authorization leg: one partner transaction. */
export interface Allocation {
  readonly authorization_id: string;
  /** > 0. */
  readonly amount: number;
}

export type OperationPlan =
  | { readonly ok: true; readonly allocations: readonly Allocation[] }
  | { readonly ok: false; readonly errors: readonly FieldError[] };

/** What an operation of each kind does to money, in the words of a refusal ("can be captured"). */
export const PAST_TENSE: Record<OperationKind, string> = { capture: 'captured', void: 'voided', refund: 'refunded' };

/**
 * The detail of an amount beyond what is available, in minor units as the API v2 speaks;
 * {@link readBeyondAvailableDetail} reads the figure back for the API v1, which shows major units.
 */
export function beyondAvailableDetail(available: number, kind: OperationKind, scope = ''): string {
  return `must not exceed ${available}, the amount available to ${kind}${scope}`;
}

const BEYOND_AVAILABLE = /^must not exceed (\d+), (the amount available to .*)$/s;

/** The figure and the words after it of a detail made by {@link beyondAvailableDetail}; undefined for any other. */
export function readBeyondAvailableDetail(detail: string): { available: number; rest: string } | undefined {
  const match = BEYOND_AVAILABLE.exec(detail);
  if (!match) return undefined;
  return { available: Number(match[1]), rest: match[2] ?? '' };
}

/** The AUTHORIZED legs in the default drawing order for `kind` (see the module comment). */
export function drawingOrder(balances: readonly AuthorizationBalance[], kind: OperationKind): AuthorizationBalance[] {
  const authorized = balances.filter((b) => b.status === 'AUTHORIZED');
  return kind === 'capture' ? authorized : authorized.slice().reverse();
}

/**
 * Validates `request` as a `kind` operation on the payment and splits its amount over the
 * authorization legs, or says every reason it cannot (FieldErrors with JSON pointers into
 * the request):
 * - the body's own rules ({@link validateOperationRequest}: amount an integer > 0, one of the
 *   three forms, shipping addresses), so the workflow's validator does not rely on its caller;
 * - `/partner_transaction_id` must name an AUTHORIZED authorization leg of this payment;
 * - each `/priority/i` must match at least one AUTHORIZED leg by partner and method;
 * - `/amount` must not exceed what is available (available_to_capture, _void or _refund, or
 *   the named leg's share of it); the detail states the available amount.
 *
 * Allocation: legs are drawn greedily, each as far as it goes, in this order: with a
 * partner_transaction_id, only that leg; with a priority list, the legs matching each entry
 * in turn and then every other leg, all in the default order for `kind`; otherwise the
 * default order. Allocations are in drawing order, each > 0, and sum to the amount.
 */
export function planOperation(
  ledger: PaymentLedger,
  kind: OperationKind,
  request: OperationRequestInput,
): OperationPlan {
  const errors = validateOperationRequest(request);
  const balances = authorizationBalances(ledger);
  const order = drawingOrder(balances, kind);
  let candidates: AuthorizationBalance[] | undefined;
  let scope = '';

  if (request.priority !== undefined) {
    if (request.partner_transaction_id === undefined) {
      const preferred: AuthorizationBalance[] = [];
      request.priority.forEach((solution, i) => {
        const matches = order.filter((b) => b.partner === solution.partner && b.method === solution.method);
        if (matches.length === 0) {
          errors.push(
            fieldError(
              pointer('/priority', i),
              `matches no authorized partner transaction of this payment (${solution.partner} ${solution.method})`,
            ),
          );
        }
        for (const b of matches) if (!preferred.includes(b)) preferred.push(b);
      });
      candidates = [...preferred, ...order.filter((b) => !preferred.includes(b))];
    }
    // Both forms at once is already an error of validateOperationRequest: nothing to draw on.
  } else if (request.partner_transaction_id !== undefined) {
    const id = request.partner_transaction_id;
    const leg = balances.find((b) => b.id === id);
    const operation = ledger.operations.find((op) => op.id === id);
    if (leg !== undefined && leg.status === 'AUTHORIZED') {
      candidates = [leg];
      scope = ` on partner transaction ${id}`;
    } else if (leg !== undefined) {
      errors.push(
        fieldError(
          '/partner_transaction_id',
          `is ${leg.status}: only an AUTHORIZED partner transaction can be ${PAST_TENSE[kind]}`,
        ),
      );
    } else if (operation !== undefined) {
      errors.push(
        fieldError(
          '/partner_transaction_id',
          `is a ${operation.kind} partner transaction; name the authorization partner transaction it acts on: ${operation.authorization_id}`,
        ),
      );
    } else {
      errors.push(fieldError('/partner_transaction_id', 'is not a partner transaction of this payment'));
    }
  } else {
    candidates = order;
  }

  const amount = request.amount;
  // Availability is only meaningful for a well-formed amount and a resolved target.
  const amountIsValid = !errors.some((e) => e.pointer === '/amount');
  if (candidates !== undefined && amount !== undefined && amountIsValid) {
    const available = candidates.reduce((sum, b) => sum + availableOn(b, kind), 0);
    if (amount > available) {
      errors.push(fieldError('/amount', beyondAvailableDetail(available, kind, scope)));
    }
  }
  if (errors.length > 0 || candidates === undefined || amount === undefined) return { ok: false, errors };

  const allocations: Allocation[] = [];
  let left = amount;
  for (const b of candidates) {
    if (left === 0) break;
    const take = Math.min(left, availableOn(b, kind));
    if (take > 0) allocations.push({ authorization_id: b.id, amount: take });
    left -= take;
  }
  return { ok: true, allocations };
}
