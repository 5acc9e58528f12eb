import { describe, expect, it } from 'vitest';
import type { Payment } from '../../schemas/v2';
import { matchesSchema } from '../../schemas/check';
import { v2Schemas } from '../../schemas/v2';
import { V1ActionResult, V1Protocols, v1Schemas } from '../../schemas/v1';
import {
  refundableOfCapture,
  v1ActionResult,
  v1ActionResults,
  v1Outcome,
  v1Protocols,
  validateOutcome,
  V1_OUTCOME_TABLE,
} from './action-results';
import { AUTHORIZATION_STATUSES, OPERATION_PARTNER_TRANSACTION_STATUSES } from '../../../domain/enums';
import { V1_STATES, V1_STATUS_CODES } from '../../schemas/v1';

const ENTITY = '3f2b8c1e-6a0d-4c8e-9f57-2d1b6e4a9c03';
const SESSION = '9b0e7c52-1a2f-4d38-8e0f-5b6a7c8d9e01';
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const at = (minute: number) => `2025-03-14T09:${String(minute).padStart(2, '0')}:00.000Z`;

type AuthorizationTx = NonNullable<Payment['authorization']>['partner_transactions'][number];
type Operation = Payment['captures'][number];
type OperationTx = Operation['partner_transactions'][number];

function authorizationTx(
  n: number,
  partner: string,
  method: string,
  amount: number,
  overrides: Partial<AuthorizationTx> = {},
): AuthorizationTx {
  return {
    id: id(n),
    created_at: at(n),
    updated_at: at(n),
    amount,
    partner,
    method,
    status: 'AUTHORIZED',
    remaining_amount: amount,
    partner_reference: `ref-${n}`,
    partner_status: 'APPROVED',
    partner_status_description: 'Approved',
    ...overrides,
  };
}

/** In these fixtures the gift card's authorization is id(1) and the card's id(2), unless a test says otherwise. */
function operationTx(
  n: number,
  partner: string,
  method: string,
  amount: number,
  overrides: Partial<OperationTx> = {},
): OperationTx {
  return {
    authorization_partner_transaction_id: method === 'giftcard' ? id(1) : id(2),
    id: id(n),
    created_at: at(n),
    updated_at: at(n),
    amount,
    partner,
    method,
    status: 'SUCCESS',
    remaining_amount: 0,
    partner_reference: `op-${n}`,
    partner_status: 'DONE',
    partner_status_description: `${amount} done.`,
    ...overrides,
  };
}

function operation(n: number, txs: OperationTx[]): Operation {
  return {
    id: id(100 + n),
    amount: txs.reduce((sum, tx) => sum + tx.amount, 0),
    created_at: at(n),
    updated_at: at(n),
    triggered_by: 'MERCHANT',
    status: 'SUCCESS',
    partner_transactions: txs,
  };
}

function payment(overrides: Partial<Payment> = {}): Payment {
  return {
    id: id(999),
    created_at: at(0),
    overview: { consumed: 'NOT', captured: 'NOT', voided: 'NOT', refunded: 'NOT' },
    client_session_id: SESSION,
    entity_id: ENTITY,
    version: 1,
    order_reference: 'ORD-1',
    order: { reference: 'ORD-1' },
    amount: 5000,
    currency: 'EUR',
    capture_mode: 'MANUAL',
    allow_future_usage: false,
    captures: [],
    voids: [],
    refunds: [],
    authorization: { status: 'AUTHORIZED', partner_transactions: [] },
    amounts: {
      authorize_pending: 0,
      total_authorized: 0,
      total_voided: 0,
      available_to_void: 0,
      total_captured: 0,
      available_to_capture: 0,
      total_refunded: 0,
      available_to_refund: 0,
    },
    links: { self: 'http://127.0.0.1/v2/payments/x' },
    ...overrides,
  };
}

const giftCard = authorizationTx(1, 'sandbox-giftcard', 'giftcard', 2000);
const card = authorizationTx(2, 'sandbox-card', 'creditcard', 3000);

/** Gift card 20.00 then card 30.00; capture 45.00 (both legs); refund 10.00 from the card; void the card's 5.00. */
function splitPayment(): Payment {
  return payment({
    authorization: { status: 'AUTHORIZED', partner_transactions: [giftCard, card] },
    captures: [
      operation(10, [
        operationTx(10, 'sandbox-giftcard', 'giftcard', 2000),
        operationTx(11, 'sandbox-card', 'creditcard', 2500),
      ]),
    ],
    refunds: [operation(20, [operationTx(20, 'sandbox-card', 'creditcard', 1000)])],
    voids: [operation(15, [operationTx(15, 'sandbox-card', 'creditcard', 500)])],
  });
}

describe('v1ActionResults', () => {
  it('gives one result per partner transaction: authorizations first, then operations in creation order', () => {
    const results = v1ActionResults(splitPayment(), SESSION);
    expect(results.map((r) => [r.status.action, r.transaction_id])).toEqual([
      ['AUTHORIZE', id(1)],
      ['AUTHORIZE', id(2)],
      ['CAPTURE', id(10)],
      ['CAPTURE', id(11)],
      ['VOID', id(15)],
      ['REFUND', id(20)],
    ]);
  });

  it('fills every field v1 clients read, amounts in major units', () => {
    const [first] = v1ActionResults(splitPayment(), SESSION);
    expect(first).toEqual({
      id: id(1),
      transaction_id: id(1),
      session_id: SESSION,
      entity_id: ENTITY,
      partner: 'sandbox-giftcard',
      method: 'giftcard',
      date: at(1),
      status: { action: 'AUTHORIZE', state: 'SUCCESS', code: 'SUCCEEDED', description: 'Approved' },
      plugin_result: { amount: 20, currency_code: 'EUR', status: 'APPROVED', partner_reference: 'ref-1' },
    });
    for (const result of v1ActionResults(splitPayment(), SESSION)) {
      expect(matchesSchema(V1ActionResult, result, [...v2Schemas, ...v1Schemas])).toBe(true);
    }
  });

  it('links captures and voids to their authorization, a refund to the capture it gives back', () => {
    const parents = Object.fromEntries(
      v1ActionResults(splitPayment(), SESSION).map((r) => [r.transaction_id, r.parent_transaction_id]),
    );
    expect(parents).toEqual({
      [id(1)]: undefined,
      [id(2)]: undefined,
      [id(10)]: id(1),
      [id(11)]: id(2),
      [id(15)]: id(2),
      [id(20)]: id(11),
    });
  });

  it('a refund takes the latest capture that still has money to give back', () => {
    const p = payment({
      authorization: { status: 'AUTHORIZED', partner_transactions: [card] },
      captures: [
        operation(10, [operationTx(10, 'sandbox-card', 'creditcard', 1000)]),
        operation(11, [operationTx(11, 'sandbox-card', 'creditcard', 500)]),
      ],
      refunds: [
        operation(20, [operationTx(20, 'sandbox-card', 'creditcard', 500)]),
        operation(21, [operationTx(21, 'sandbox-card', 'creditcard', 300)]),
      ],
    });
    const parents = new Map(v1ActionResults(p, SESSION).map((r) => [r.transaction_id, r.parent_transaction_id]));
    expect(parents.get(id(20))).toBe(id(11));
    expect(parents.get(id(21))).toBe(id(10));
  });

  it('a refund without a capture in view names the authorization', () => {
    const p = payment({
      authorization: { status: 'AUTHORIZED', partner_transactions: [card] },
      refunds: [operation(20, [operationTx(20, 'sandbox-card', 'creditcard', 500)])],
    });
    expect(v1ActionResults(p, SESSION).at(-1)?.parent_transaction_id).toBe(id(2));
  });

  it('uses the authorization link of the view, which tells two legs of one solution apart', () => {
    const first = authorizationTx(1, 'sandbox-giftcard', 'giftcard', 1000);
    const second = authorizationTx(2, 'sandbox-giftcard', 'giftcard', 1000);
    const capture = operationTx(10, 'sandbox-giftcard', 'giftcard', 1000, {
      authorization_partner_transaction_id: id(2),
    });
    const p = payment({
      authorization: { status: 'AUTHORIZED', partner_transactions: [first, second] },
      captures: [operation(10, [capture])],
    });
    expect(v1ActionResults(p, SESSION).at(-1)?.parent_transaction_id).toBe(id(2));
  });

  it('names the capture a v1 refund was asked on, when recorded', () => {
    const p = payment({
      authorization: { status: 'AUTHORIZED', partner_transactions: [card] },
      captures: [
        operation(10, [operationTx(10, 'sandbox-card', 'creditcard', 1000)]),
        operation(11, [operationTx(11, 'sandbox-card', 'creditcard', 500)]),
      ],
      refunds: [operation(20, [operationTx(20, 'sandbox-card', 'creditcard', 300)])],
    });
    expect(v1ActionResults(p, SESSION).at(-1)?.parent_transaction_id).toBe(id(11));
    expect(v1ActionResults(p, SESSION, new Map([[id(20), id(10)]])).at(-1)?.parent_transaction_id).toBe(id(10));
  });

  it('tells what a v1 refund may still give back of a capture, whichever API refunded it', () => {
    const p = payment({
      authorization: { status: 'AUTHORIZED', partner_transactions: [card] },
      captures: [
        operation(10, [operationTx(10, 'sandbox-card', 'creditcard', 1000)]),
        operation(11, [operationTx(11, 'sandbox-card', 'creditcard', 500)]),
        operation(12, [operationTx(12, 'sandbox-card', 'creditcard', 200, { status: 'FAILURE' })]),
      ],
      refunds: [
        // Asked in v1 on the first capture (recorded), then through v2 (the latest capture with money left).
        operation(20, [operationTx(20, 'sandbox-card', 'creditcard', 300)]),
        operation(21, [operationTx(21, 'sandbox-card', 'creditcard', 400)]),
        operation(22, [operationTx(22, 'sandbox-card', 'creditcard', 100, { status: 'FAILURE' })]),
      ],
    });
    const recorded = new Map([[id(20), id(10)]]);
    expect(refundableOfCapture(p, id(10), recorded)).toBe(700);
    expect(refundableOfCapture(p, id(11), recorded)).toBe(100);
    expect(refundableOfCapture(p, id(12), recorded)).toBe(0);
    expect(refundableOfCapture(p, id(99), recorded)).toBe(0);
  });

  it('says why a partner refused, with the partner’s reason when it is a v1 code', () => {
    const refused = authorizationTx(3, 'sandbox-card', 'creditcard', 3000, {
      status: 'REFUSED',
      partner_status: 'DECLINED',
      partner_additional_data: { refusal_reason: 'INSUFFICIENT_FUNDS' },
    });
    const expired = authorizationTx(4, 'sandbox-card', 'creditcard', 3000, {
      status: 'REFUSED',
      partner_status: 'CARD_EXPIRED',
    });
    const opaque = authorizationTx(5, 'sandbox-card', 'creditcard', 3000, {
      status: 'REFUSED',
      partner_status: 'DO_NOT_HONOR',
    });
    const failedCapture = operationTx(10, 'sandbox-card', 'creditcard', 9000, {
      status: 'FAILURE',
      partner_status: 'AMOUNT_EXCEEDED',
    });
    const p = payment({
      authorization: { status: 'REFUSED', partner_transactions: [refused, expired, opaque] },
      captures: [operation(10, [failedCapture])],
    });
    expect(v1ActionResults(p, SESSION).map((r) => [r.status.state, r.status.code, r.plugin_result.status])).toEqual([
      ['ERROR', 'INSUFFICIENT_FUNDS', 'DECLINED'],
      ['ERROR', 'CARD_EXPIRED', 'CARD_EXPIRED'],
      ['ERROR', 'FAILED', 'DO_NOT_HONOR'],
      ['ERROR', 'AMOUNT_EXCEEDED', 'AMOUNT_EXCEEDED'],
    ]);
  });

  it('says why a solution never sent to its partner was ABORTED', () => {
    const refused = authorizationTx(1, 'sandbox-card', 'creditcard', 3000, { status: 'REFUSED' });
    // Never sent: no partner said anything of it.
    const notSent = authorizationTx(2, 'sandbox-giftcard', 'giftcard', 1000, { status: 'ABORTED' });
    delete notSent.partner_status_description;
    const late = authorizationTx(3, 'sandbox-wallet', 'wallet', 1000, {
      status: 'ABORTED',
      partner_status_description: 'not completed in time',
    });
    const p = payment({ authorization: { status: 'REFUSED', partner_transactions: [refused, notSent, late] } });
    expect(
      v1ActionResults(p, SESSION)
        .slice(1)
        .map((r) => r.status.description),
    ).toEqual(['not sent to its partner: an earlier solution of the payment failed', 'not completed in time']);
  });

  it('an authorization for less than asked (a short gift card) failed, and says what the card could pay', () => {
    const short = authorizationTx(1, 'sandbox-giftcard', 'giftcard', 5000, {
      authorized_amount: 1000,
      partner_status: 'PARTIALLY_AUTHORIZED',
    });
    const full = authorizationTx(2, 'sandbox-card', 'creditcard', 3000, { authorized_amount: 3000 });
    const p = payment({ authorization: { status: 'REFUSED', partner_transactions: [short, full] } });
    expect(v1ActionResults(p, SESSION).map((r) => [r.status.state, r.status.code, r.plugin_result.amount])).toEqual([
      ['ERROR', 'INSUFFICIENT_FUNDS', 10],
      ['SUCCESS', 'SUCCEEDED', 30],
    ]);
  });

  it('a leg waiting while the payment carries a redirection waits for the shopper; an unknown outcome is UNCERTAIN', () => {
    const challenged = authorizationTx(1, 'sandbox-card', 'creditcard', 3000, {
      status: 'PENDING',
      partner_status: 'CHALLENGE_REQUIRED',
    });
    const redirection = { href: 'https://acs.sandbox.example/c/1', method: 'POST' as const };
    expect(
      v1ActionResults(
        payment({ authorization: { status: 'PENDING', partner_transactions: [challenged] }, redirection }),
        SESSION,
      )[0]?.status,
    ).toMatchObject({
      state: 'CUSTOMER',
      code: 'WAITING_PARTNER_RESPONSE',
    });
    expect(
      v1ActionResults(payment({ authorization: { status: 'PENDING', partner_transactions: [challenged] } }), SESSION)[0]
        ?.status,
    ).toMatchObject({
      state: 'WAITING',
      code: 'WAITING_PARTNER_RESPONSE',
    });
    const timedOut = authorizationTx(1, 'sandbox-card', 'creditcard', 3000, { status: 'UNCERTAIN' });
    expect(
      v1ActionResults(payment({ authorization: { status: 'UNCERTAIN', partner_transactions: [timedOut] } }), SESSION)[0]
        ?.status,
    ).toMatchObject({
      state: 'UNCERTAIN',
      code: 'UNCERTAIN',
    });
  });

  it('gives the partner token only when the view has it, and JPY amounts without decimals', () => {
    const tokenized = authorizationTx(1, 'sandbox-card', 'creditcard', 5000, { partner_token: 'sbx_tok_1' });
    const [result] = v1ActionResults(
      payment({ currency: 'JPY', authorization: { status: 'AUTHORIZED', partner_transactions: [tokenized] } }),
      SESSION,
    );
    expect(result?.plugin_result).toMatchObject({ amount: 5000, currency_code: 'JPY', token: 'sbx_tok_1' });
  });

  it('finds one transaction, or none', () => {
    expect(v1ActionResult(splitPayment(), SESSION, id(20))?.status.action).toBe('REFUND');
    expect(v1ActionResult(splitPayment(), SESSION, id(77))).toBeUndefined();
  });
});

describe('the outcome table', () => {
  it('covers every v2 status with v1 states and codes', () => {
    for (const status of AUTHORIZATION_STATUSES) {
      const { state, code } = v1Outcome('authorization', status);
      expect(V1_STATES).toContain(state);
      expect(V1_STATUS_CODES).toContain(code);
    }
    for (const status of OPERATION_PARTNER_TRANSACTION_STATUSES) {
      const { state, code } = v1Outcome('operation', status);
      expect(V1_STATES).toContain(state);
      expect(V1_STATUS_CODES).toContain(code);
    }
  });

  it('uses a reason only for failures, and only a v1 code', () => {
    expect(v1Outcome('authorization', 'AUTHORIZED', 'INSUFFICIENT_FUNDS')).toEqual(
      V1_OUTCOME_TABLE.authorization.AUTHORIZED,
    );
    expect(v1Outcome('authorization', 'ERROR', 'ACQUIRER_TIMEOUT')).toEqual({
      state: 'ERROR',
      code: 'TECHNICAL_ISSUE_TO_CONTACT_PARTNER',
    });
    expect(v1Outcome('authorization', 'REFUSED', 'REJECTED_BANK')).toEqual({ state: 'ERROR', code: 'REJECTED_BANK' });
    expect(v1Outcome('operation', 'FAILURE', 'SUCCEEDED')).toEqual({ state: 'ERROR', code: 'FAILED' });
  });
});

describe('validateOutcome', () => {
  const r = (state: (typeof V1_STATES)[number]) => ({
    status: { action: 'AUTHORIZE' as const, state, code: 'SUCCEEDED' as const },
  });

  it.each([
    [[r('SUCCESS'), r('SUCCESS')], undefined, 200, 'SUCCESS'],
    [[r('SUCCESS'), r('CUSTOMER')], { href: 'https://acs.example' }, 200, 'CUSTOMER'],
    [[r('WAITING')], { href: 'https://lender.example' }, 200, 'CUSTOMER'],
    [[r('WAITING')], undefined, 200, 'WAITING'],
    [[r('SUCCESS'), r('UNCERTAIN')], undefined, 200, 'UNCERTAIN'],
    [[r('SUCCESS'), r('ERROR')], undefined, 207, 'ERROR'],
    [[r('WAITING'), r('ERROR')], { href: 'https://acs.example' }, 207, 'ERROR'],
    [[r('ERROR'), r('ERROR')], undefined, 409, 'ERROR'],
    [[], undefined, 409, 'ERROR'],
  ] as const)('%j with redirection %j → %d %s', (results, redirection, httpStatus, global_status) => {
    expect(validateOutcome(results, redirection)).toEqual({ httpStatus, global_status });
  });
});

describe('v1Protocols', () => {
  const contracts = [
    {
      partner: 'sandbox-card',
      method: 'creditcard',
      currencies: ['EUR', 'USD'],
      min_amount: 100,
      max_amount: 1_000_000,
      priority: 20,
    },
    {
      partner: 'sandbox-giftcard',
      method: 'giftcard',
      currencies: ['EUR'],
      min_amount: 1,
      max_amount: 50_000,
      priority: 10,
    },
    {
      partner: 'sandbox-instalments',
      method: '3x',
      currencies: ['EUR'],
      min_amount: 10_000,
      max_amount: 300_000,
      priority: 30,
    },
    {
      partner: 'sandbox-instalments',
      method: '4x',
      currencies: ['EUR'],
      min_amount: 5_000,
      max_amount: 300_000,
      priority: 40,
    },
  ];

  it('lists the eligible solutions by priority: labels, position, settings from the contract', () => {
    const protocols = v1Protocols(contracts, 6000, 'EUR');
    expect(Object.keys(protocols).sort()).toEqual(['sandbox-card', 'sandbox-giftcard', 'sandbox-instalments']);
    expect(protocols['sandbox-giftcard']?.giftcard).toMatchObject({
      configurations: { labels: ['sandbox-giftcard', 'giftcard', 'primary'] },
      position: 1,
      settings: { payment_min_amount: 0.01, payment_max_amount: 500, pay_mix: true },
    });
    expect(protocols['sandbox-card']?.creditcard).toMatchObject({
      configurations: { labels: ['sandbox-card', 'creditcard', 'secondary'] },
      position: 2,
      settings: { payment_min_amount: 1, payment_max_amount: 10000, pay_mix: false },
    });
    // 60.00 is below the 3x contract's minimum.
    expect(Object.keys(protocols['sandbox-instalments'] ?? {})).toEqual(['4x']);
    expect(matchesSchema(V1Protocols, protocols, [...v2Schemas, ...v1Schemas])).toBe(true);
  });

  it('is empty when nothing is eligible (the route answers 204)', () => {
    expect(v1Protocols(contracts, 6000, 'GBP')).toEqual({});
  });
});
