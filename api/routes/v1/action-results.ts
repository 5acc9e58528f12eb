/**
 * API v1 answers built from Tessera's own records. Pure: the routes read a v2 `Payment` view from
 * the payment workflow (or the read model) and contracts from the database, then call these.
 *
 *   v1ActionResults(payment, sessionId, refundedCaptures?)      → V1ActionResult[]  (GET /{entity}/sessions/{session})
 *   v1ActionResult(payment, sessionId, txId, refundedCaptures?) → V1ActionResult | undefined  (GET …/transactions/{transaction})
 *   refundableOfCapture(payment, captureId, refundedCaptures?) → number   (what a v1 refund of that capture may give back)
 *   v1Outcome(kind, status, reason?, shopperMustAct?) → { state, code }   (the table below, one place)
 *   validateOutcome(authorizeResults, redirection?) → { httpStatus: 200 | 207 | 409, global_status }
 *   v1Protocols(contracts, amountMinor, currency)  → V1Protocols (`{}` when nothing is eligible: answer 204)
 *   giftCardInitOutcome(balance, askedMinor, currency) → { status, plugin_result } (init of a gift card)
 *
 * One ActionResult per partner transaction: each authorization leg (AUTHORIZE), then the capture,
 * void and refund partner transactions in the order they were created. `id` and `transaction_id`
 * are both the partner transaction's id. `parent_transaction_id` is the authorization a CAPTURE
 * or VOID acts on, and for a REFUND the capture it gives back (see `parentLinks`).
 */
import type { Payment } from '../../schemas/v2';
import type { AuthorizationStatus, OperationPartnerTransactionStatus } from '../../../domain/enums';
import { minorToMajorUnits } from '../../../domain/decimal-amount';
import type { Currency } from '../../../domain/currency';
import { eligibleSolutions, type ContractTerms } from '../../../domain/eligibility';
import { PARTNER_CATALOG } from '../../../partners/catalog';
import {
  V1_STATUS_CODES,
  type V1Action,
  type V1ActionResult,
  type V1Protocols,
  type V1Settings,
  type V1State,
  type V1StatusCode,
} from '../../schemas/v1';

export interface V1Outcome {
  state: V1State;
  code: V1StatusCode;
}

/**
 * What happened at the partner, in v1 words. This table is the documented mapping (docs site, API
 * v1 page): a v2 partner-transaction status gives the state and the default code; a refusal's code
 * is the partner's reason when it is a v1 status code (INSUFFICIENT_FUNDS, CARD_EXPIRED,
 * REJECTED_BANK, AMOUNT_EXCEEDED, …: the sandbox partners only produce such codes, see
 * partners/catalog.ts REASON_CODES), the default otherwise.
 */
export const V1_OUTCOME_TABLE = {
  authorization: {
    AUTHORIZED: { state: 'SUCCESS', code: 'SUCCEEDED' },
    // The partner will answer by notification (an instalment lender reviewing the file).
    PENDING: { state: 'WAITING', code: 'WAITING_PARTNER_RESPONSE' },
    // No answer from the partner (a timeout): Tessera settles it with a status poll.
    UNCERTAIN: { state: 'UNCERTAIN', code: 'UNCERTAIN' },
    REFUSED: { state: 'ERROR', code: 'FAILED' },
    ERROR: { state: 'ERROR', code: 'TECHNICAL_ISSUE_TO_CONTACT_PARTNER' },
    // Never completed (the shopper left, or the payment was refused as a whole and this hold released).
    ABORTED: { state: 'ERROR', code: 'FAILED' },
  },
  operation: {
    SUCCESS: { state: 'SUCCESS', code: 'SUCCEEDED' },
    FAILURE: { state: 'ERROR', code: 'FAILED' },
    PENDING: { state: 'WAITING', code: 'WAITING_PARTNER_RESPONSE' },
    UNCERTAIN: { state: 'UNCERTAIN', code: 'UNCERTAIN' },
  },
  /** A PENDING authorization whose payment carries a redirection: the shopper must act (3-D Secure, lender page). */
  shopperMustAct: { state: 'CUSTOMER', code: 'WAITING_PARTNER_RESPONSE' },
  /** Authorized for less than asked (a gift card's balance is short): the payment is refused and the hold released. */
  shortAuthorization: { state: 'ERROR', code: 'INSUFFICIENT_FUNDS' },
} as const satisfies {
  authorization: Record<AuthorizationStatus, V1Outcome>;
  operation: Record<OperationPartnerTransactionStatus, V1Outcome>;
  shopperMustAct: V1Outcome;
  shortAuthorization: V1Outcome;
};

function isV1StatusCode(value: unknown): value is V1StatusCode {
  return typeof value === 'string' && (V1_STATUS_CODES as readonly string[]).includes(value);
}

export function v1Outcome(
  kind: 'authorization',
  status: AuthorizationStatus,
  reason?: string,
  shopperMustAct?: boolean,
): V1Outcome;
export function v1Outcome(kind: 'operation', status: OperationPartnerTransactionStatus, reason?: string): V1Outcome;
export function v1Outcome(
  kind: 'authorization' | 'operation',
  status: string,
  reason?: string,
  shopperMustAct = false,
): V1Outcome {
  const row: V1Outcome =
    kind === 'authorization'
      ? V1_OUTCOME_TABLE.authorization[status as AuthorizationStatus]
      : V1_OUTCOME_TABLE.operation[status as OperationPartnerTransactionStatus];
  if (kind === 'authorization' && status === 'PENDING' && shopperMustAct) return V1_OUTCOME_TABLE.shopperMustAct;
  if (row.state === 'ERROR' && isV1StatusCode(reason) && reason !== 'SUCCEEDED')
    return { state: row.state, code: reason };
  return row;
}

type AuthorizationTx = NonNullable<Payment['authorization']>['partner_transactions'][number];
type OperationTx = Payment['captures'][number]['partner_transactions'][number];
interface OperationEntry {
  action: Extract<V1Action, 'CAPTURE' | 'VOID' | 'REFUND'>;
  tx: OperationTx;
}

/** The authorization an operation partner transaction acts on (absent only from read-model rows written before the view named it). */
function authorizationOf(tx: OperationTx, authorizations: readonly AuthorizationTx[]): AuthorizationTx | undefined {
  return authorizations.find((a) => a.id === tx.authorization_partner_transaction_id);
}

/**
 * parent_transaction_id of every operation partner transaction. CAPTURE and VOID: the
 * authorization. REFUND: the capture a v1 refund was asked on (`refundedCaptures`, recorded by the
 * v1 route since payments refund against the authorization); else a capture of the same
 * authorization that succeeded before the refund, the latest one that still has unrefunded money
 * (refunds unwind the latest capture first, as domain/payment-operations.ts unwinds legs); else
 * the authorization.
 */
function parentLinks(
  entries: readonly OperationEntry[],
  authorizations: readonly AuthorizationTx[],
  refundedCaptures: ReadonlyMap<string, string>,
): Map<string, string> {
  const parents = new Map<string, string>();
  const captures: { tx: OperationTx; authorizationId: string | undefined; unrefunded: number }[] = [];
  for (const { action, tx } of entries) {
    const authorization = authorizationOf(tx, authorizations);
    if (action !== 'REFUND') {
      if (authorization) parents.set(tx.id, authorization.id);
      if (action === 'CAPTURE' && tx.status === 'SUCCESS')
        captures.push({ tx, authorizationId: authorization?.id, unrefunded: tx.amount });
      continue;
    }
    const candidates = captures.filter(
      (c) => c.authorizationId === authorization?.id && c.tx.created_at <= tx.created_at,
    );
    const named = refundedCaptures.get(tx.id);
    const capture =
      candidates.find((c) => c.tx.id === named) ??
      [...candidates].reverse().find((c) => c.unrefunded > 0) ??
      candidates.at(-1);
    if (capture) {
      parents.set(tx.id, capture.tx.id);
      if (tx.status !== 'FAILURE') capture.unrefunded = Math.max(0, capture.unrefunded - tx.amount);
    } else if (authorization) {
      parents.set(tx.id, authorization.id);
    }
  }
  return parents;
}

/** Operations in the order they were created (ISO timestamps sort as text; ties keep capture, void, refund order). */
function operationEntries(payment: Payment): OperationEntry[] {
  const entries: OperationEntry[] = [
    ...payment.captures.flatMap((op) => op.partner_transactions.map((tx) => ({ action: 'CAPTURE' as const, tx }))),
    ...payment.voids.flatMap((op) => op.partner_transactions.map((tx) => ({ action: 'VOID' as const, tx }))),
    ...payment.refunds.flatMap((op) => op.partner_transactions.map((tx) => ({ action: 'REFUND' as const, tx }))),
  ];
  return entries
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) =>
      a.entry.tx.created_at < b.entry.tx.created_at
        ? -1
        : a.entry.tx.created_at > b.entry.tx.created_at
          ? 1
          : a.index - b.index,
    )
    .map(({ entry }) => entry);
}

/** What an ABORTED solution's status says when its partner had nothing to say: it was never sent. */
const NOT_SENT_DESCRIPTION = 'not sent to its partner: an earlier solution of the payment failed';

/** Every partner transaction of the payment as a v1 ActionResult. */
export function v1ActionResults(
  payment: Payment,
  sessionId: string | undefined,
  refundedCaptures: ReadonlyMap<string, string> = new Map(),
): V1ActionResult[] {
  const currency: Currency = payment.currency;
  const authorizations = payment.authorization?.partner_transactions ?? [];
  // The view keeps one redirection, for the first leg still waiting (workflows/payment/view.ts).
  const waitingLeg = payment.redirection
    ? authorizations.find((a) => a.status === 'PENDING' || a.status === 'UNCERTAIN')
    : undefined;
  const common = (tx: AuthorizationTx | OperationTx) => ({
    id: tx.id,
    transaction_id: tx.id,
    ...((sessionId ?? payment.client_session_id) ? { session_id: sessionId ?? payment.client_session_id } : {}),
    entity_id: payment.entity_id,
    partner: tx.partner,
    method: tx.method,
    date: tx.updated_at,
  });

  const results: V1ActionResult[] = authorizations.map((tx) => {
    const reason = tx.partner_additional_data?.refusal_reason ?? tx.partner_status;
    // Authorized for less than asked (a gift card's balance is short): in v1 words the authorization
    // of the amount asked failed, and plugin_result.amount says what the card could pay.
    const short = tx.status === 'AUTHORIZED' && tx.authorized_amount !== undefined && tx.authorized_amount < tx.amount;
    const outcome = short
      ? V1_OUTCOME_TABLE.shortAuthorization
      : v1Outcome('authorization', tx.status, reason, tx === waitingLeg);
    return {
      ...common(tx),
      status: {
        action: 'AUTHORIZE',
        ...outcome,
        ...(tx.partner_status_description
          ? { description: tx.partner_status_description }
          : tx.status === 'ABORTED'
            ? { description: NOT_SENT_DESCRIPTION }
            : {}),
      },
      plugin_result: {
        amount: minorToMajorUnits(short ? (tx.authorized_amount ?? 0) : tx.amount, currency),
        currency_code: currency,
        status: tx.partner_status ?? tx.status,
        ...(tx.partner_reference ? { partner_reference: tx.partner_reference } : {}),
        ...(tx.partner_token ? { token: tx.partner_token } : {}),
      },
    };
  });

  const entries = operationEntries(payment);
  const parents = parentLinks(entries, authorizations, refundedCaptures);
  for (const { action, tx } of entries) {
    const outcome = v1Outcome('operation', tx.status, tx.partner_status);
    const parent = parents.get(tx.id);
    results.push({
      ...common(tx),
      status: {
        action,
        ...outcome,
        ...(tx.partner_status_description ? { description: tx.partner_status_description } : {}),
      },
      plugin_result: {
        amount: minorToMajorUnits(tx.amount, currency),
        currency_code: currency,
        status: tx.partner_status ?? tx.status,
        ...(tx.partner_reference ? { partner_reference: tx.partner_reference } : {}),
      },
      ...(parent ? { parent_transaction_id: parent } : {}),
    });
  }
  return results;
}

/**
 * What a v1 refund may still give back of one capture: the capture's amount, less the refunds
 * linked to it as GET answers link them (parent_transaction_id), failed ones aside. A capture that
 * did not succeed gives nothing back. Refunds made through v2 count against the capture they were
 * linked to, so the two APIs never disagree on what is left.
 */
export function refundableOfCapture(
  payment: Payment,
  captureId: string,
  refundedCaptures: ReadonlyMap<string, string> = new Map(),
): number {
  const capture = payment.captures
    .flatMap((operation) => operation.partner_transactions)
    .find((tx) => tx.id === captureId);
  if (capture?.status !== 'SUCCESS') return 0;
  const parents = parentLinks(
    operationEntries(payment),
    payment.authorization?.partner_transactions ?? [],
    refundedCaptures,
  );
  const refunded = payment.refunds
    .flatMap((operation) => operation.partner_transactions)
    .filter((tx) => tx.status !== 'FAILURE' && parents.get(tx.id) === captureId)
    .reduce((sum, tx) => sum + tx.amount, 0);
  return Math.max(0, capture.amount - refunded);
}

/** One partner transaction of the payment, or undefined when it is not one of its transactions (answer 404). */
export function v1ActionResult(
  payment: Payment,
  sessionId: string | undefined,
  transactionId: string,
  refundedCaptures?: ReadonlyMap<string, string>,
): V1ActionResult | undefined {
  return v1ActionResults(payment, sessionId, refundedCaptures).find(
    (result) => result.transaction_id === transactionId,
  );
}

/**
 * What a gift card can pay of `askedMinor`, as init answers it (session init and the point of
 * sale's): SUCCESS with plugin_result.amount, what it can pay now, or ERROR when it can pay nothing.
 */
export function giftCardInitOutcome(
  balance: { active: boolean; balance: number },
  askedMinor: number,
  currency: Currency,
): Pick<V1ActionResult, 'status' | 'plugin_result'> {
  const available = balance.active ? Math.min(balance.balance, askedMinor) : 0;
  return {
    status:
      available > 0
        ? {
            action: 'AUTHORIZE',
            state: 'SUCCESS',
            code: 'SUCCEEDED',
            description: `the gift card can pay ${minorToMajorUnits(available, currency)} ${currency}`,
          }
        : { action: 'AUTHORIZE', state: 'ERROR', code: balance.active ? 'INSUFFICIENT_FUNDS' : 'CARD_IS_NOT_ACTIVE' },
    plugin_result: {
      amount: minorToMajorUnits(available, currency),
      currency_code: currency,
      status: balance.active ? 'ACTIVE' : 'INACTIVE',
    },
  };
}

/** A point of sale's check of a gift card its partner refused (unknown card, wrong PIN): what its capture would answer. */
export function giftCardRefusedInitOutcome(
  reason: 'UNKNOWN_CARD' | 'WRONG_CARD_DATA',
  currency: Currency,
): Pick<V1ActionResult, 'status' | 'plugin_result'> {
  return {
    status: {
      action: 'AUTHORIZE',
      state: 'ERROR',
      code: reason,
      description: reason === 'UNKNOWN_CARD' ? 'the partner knows no gift card with this number' : 'the PIN is wrong',
    },
    plugin_result: { amount: minorToMajorUnits(0, currency), currency_code: currency, status: 'REFUSED' },
  };
}

export interface ValidateOutcome {
  httpStatus: 200 | 207 | 409;
  global_status: V1State;
}

const WAITING_STATES: readonly V1State[] = ['PENDING', 'RETRY', 'WAITING', 'MANUAL'];

/**
 * The HTTP status and global_status of a validate answer, from the AUTHORIZE results of the
 * solutions applied (not the compensating voids that may follow a failure):
 * - 409, ERROR: every solution failed;
 * - 207, ERROR: some failed and others did not (Tessera then releases what succeeded);
 * - 200 otherwise: SUCCESS when all succeeded; CUSTOMER when the shopper must follow the
 *   redirection; UNCERTAIN or WAITING when the outcome will come by notification. A solution still
 *   waiting is not a failure, with or without a redirection.
 * No result at all is 409 ERROR: nothing was paid.
 */
export function validateOutcome(
  results: readonly Pick<V1ActionResult, 'status'>[],
  redirection?: unknown,
): ValidateOutcome {
  const failed = results.filter((r) => r.status.state === 'ERROR').length;
  if (results.length === 0 || failed === results.length) return { httpStatus: 409, global_status: 'ERROR' };
  if (failed > 0) return { httpStatus: 207, global_status: 'ERROR' };
  const states = results.map((r) => r.status.state);
  if (states.every((s) => s === 'SUCCESS')) return { httpStatus: 200, global_status: 'SUCCESS' };
  if (redirection !== undefined && redirection !== null) return { httpStatus: 200, global_status: 'CUSTOMER' };
  if (states.includes('CUSTOMER')) return { httpStatus: 200, global_status: 'CUSTOMER' };
  if (states.includes('UNCERTAIN')) return { httpStatus: 200, global_status: 'UNCERTAIN' };
  if (states.some((s) => WAITING_STATES.includes(s))) return { httpStatus: 200, global_status: 'WAITING' };
  return { httpStatus: 200, global_status: 'SUCCESS' };
}

const SPLITTABLE_INSTRUMENTS: readonly string[] = ['giftcard'];

/** Whether a solution can pay part of an amount, another the rest: gift cards (partners/catalog.ts). */
function canPayPart(partner: string): boolean {
  const instrument = PARTNER_CATALOG.find((p) => p.name === partner)?.instrument;
  return instrument !== undefined && SPLITTABLE_INSTRUMENTS.includes(instrument);
}

/**
 * `protocols[partner][method]` of a session answer: the entity's contracts eligible for the amount
 * (minor units) and currency, by contract priority. The first is "primary", the others
 * "secondary"; `position` counts from 1 in that order. Settings Tessera has no contract field for
 * take the behaviour Tessera has: tokens are not saved or paid with through v1, payment at order,
 * automatic refunds, manual handling when a refund fails.
 */
export function v1Protocols(contracts: readonly ContractTerms[], amountMinor: number, currency: Currency): V1Protocols {
  const protocols: V1Protocols = {};
  eligibleSolutions(contracts, amountMinor, currency).forEach((solution, index) => {
    const contract = contracts.find((c) => c.partner === solution.partner && c.method === solution.method);
    if (!contract) return;
    const settings: V1Settings = {
      save_token: false,
      pay_token: false,
      refund_priority: index + 1,
      payment_min_amount: minorToMajorUnits(contract.min_amount, currency),
      payment_max_amount: minorToMajorUnits(contract.max_amount, currency),
      pay_mix: canPayPart(solution.partner),
      pay_express: false,
      direct_debit: false,
      payment_time: 'ON_ORDER',
      refund_type: 'AUTO',
      refund_backup: 'MANUAL',
    };
    const byMethod = (protocols[solution.partner] ??= {});
    byMethod[solution.method] = {
      configurations: { labels: [solution.partner, solution.method, index === 0 ? 'primary' : 'secondary'] },
      position: index + 1,
      settings,
    };
  });
  return protocols;
}
