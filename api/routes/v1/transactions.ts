// API v1 transactions: read one, act on one (capture, void, refund, off-session authorize), or
// make one without a session (server to server, and a gift card at a point of sale). Each is a
// partner transaction of a v2 payment, reached through the payment gateway.
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { vaultGiftCard } from '../../../db/gift-card-vault';
import { findTransaction, recordRefundedCapture, transactionParents } from '../../../db/projections';
import { isCurrency, type Currency } from '../../../domain/currency';
import { parseMajorUnits } from '../../../domain/decimal-amount';
import { HttpProblem, badRequest } from '../../errors/problem';
import type { OperationOutcome, OperationRequest } from '../../gateway/payments';
import type { OperationKind } from '../../../domain/payment-ledger';
import { GiftCardRefused, giftCardBalance } from '../../gift-card-balance';
import { GIFT_CARD_PARTNERS } from '../../../partners';
import { Ref } from '../../schemas/typebox';
import {
  V1ActionResult,
  V1DefaultCapturePosRequest,
  V1DefaultInitPosRequest,
  V1DefaultPaymentApplication,
  V1InitResult,
  V1ServerToServerTransaction,
} from '../../schemas/v1';
import type { CreatePaymentRequest, Payment } from '../../schemas/v2';
import { giftCardInitOutcome, giftCardRefusedInitOutcome, refundableOfCapture, v1ActionResult } from './action-results';
import { entityOfPrincipal } from './callers';
import { answerOnce, gatewayKeyOf, madeOnce } from './idempotency';
import type { V1Deps } from './sessions';
import { ApiErrors, atV1Paths, V1IdempotencyHeaders, v1ErrorShape, v1RouteOptions, withV1Pointers } from './v1-routes';
import { minorToMajorUnits } from '../../../domain/decimal-amount';
import { PAST_TENSE, readBeyondAvailableDetail } from '../../../domain/payment-operations';

const TransactionParams = Type.Object({
  entity: Type.String({ format: 'uuid' }),
  transaction: Type.String({ format: 'uuid' }),
});
const OPERATION_ACTIONS = ['capture', 'void', 'refund', 'off_session_authorize', 'authorize'] as const;
/** Plugins write actions in either case; a JSON schema pattern has no case-insensitive flag. */
const actionPattern = (actions: readonly string[]) =>
  `^(${[...actions, ...actions.map((action) => action.toUpperCase())].join('|')})$`;
const operationKindOf = { capture: 'capture', void: 'void', refund: 'refund' } as const;

/** The one split entry of a transaction without session is the v1 body itself: `/split/0/x` is `/x`. */
function transactionPointer(pointer: string): string {
  return pointer.replace(/^\/split\/0\/vault_form_token/, '/payment_data/token').replace(/^\/split\/0/, '');
}

const transactionNotFound = () =>
  new HttpProblem(404, 'transaction_not_found', 'transaction not found', undefined, {
    apiErrorCode: 'TRANSACTION_NOT_FOUND_ERROR',
  });

function amountOf(value: unknown, currency: Currency, pointer = '/amount'): number {
  const amount = parseMajorUnits(value, currency, { sign: 'positive' });
  if (!amount.ok) throw badRequest('the amount is invalid', [{ pointer, detail: amount.error }]);
  return amount.value;
}

function currencyOf(code: string): Currency {
  if (!isCurrency(code))
    throw badRequest('the currency is not processed', [
      { pointer: '/order/currency_code', detail: `${code} is not a currency Tessera processes` },
    ]);
  return code;
}

/**
 * The order a plugin sends with an operation repeats the transaction's currency; another one means
 * the amount is not in the currency it would be taken in, so nothing is done.
 */
function assertOrderCurrency(order: { currency_code?: string } | undefined, currency: Currency): void {
  if (order?.currency_code !== undefined && order.currency_code !== currency)
    throw badRequest('the order is not in the transaction’s currency', [
      { pointer: '/order/currency_code', detail: `must be ${currency}, the currency of the transaction` },
    ]);
}

/**
 * A v2 problem about the amount ("must not exceed what is available") is v1's 409, its figures in
 * major units as v1 amounts are: a plugin that retried with the v2 figure would ask a hundred
 * times the amount.
 */
function beyondAvailable(error: unknown, kind: OperationKind, currency: Currency): unknown {
  if (!(error instanceof HttpProblem) || error.status !== 400 || !error.errors?.some((f) => f.pointer === '/amount'))
    return error;
  let available: number | undefined;
  const errors = error.errors.map((field) => {
    const beyond = field.pointer === '/amount' ? readBeyondAvailableDetail(field.detail) : undefined;
    if (!beyond) return field;
    available = beyond.available;
    return { ...field, detail: `must not exceed ${minorToMajorUnits(beyond.available, currency)}, ${beyond.rest}` };
  });
  const message =
    available === undefined
      ? error.message
      : `at most ${minorToMajorUnits(available, currency)} of this authorization can be ${PAST_TENSE[kind]}`;
  return new HttpProblem(409, 'amount_exceeded', message, errors);
}

export function registerV1TransactionRoutes(parent: FastifyInstance, deps: V1Deps): void {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  const secrets = { sql: deps.sql, encryptionKey: deps.config.encryptionKey };

  /**
   * The entity's transaction, with its payment as it stands (pending ones asked of their partner).
   * `termsOnly`: the call reads only what never changes once the payment is authorized (a capture or
   * void, judged by the workflow), so the read model answers.
   */
  async function transactionOf(
    entityId: string,
    transactionId: string,
    log: FastifyBaseLogger,
    { termsOnly = false } = {},
  ) {
    const found = await findTransaction(deps.sql, entityId, transactionId);
    if (!found) throw transactionNotFound();
    const payment = termsOnly
      ? await deps.payments.terms(found.paymentId, entityId, log)
      : await deps.payments.read(found.paymentId, entityId, { log });
    return { ...found, payment };
  }

  async function resultOf(payment: Payment, transactionId: string) {
    const result = v1ActionResult(
      payment,
      payment.client_session_id,
      transactionId,
      await transactionParents(deps.sql, payment.id),
    );
    if (!result) throw transactionNotFound();
    return result;
  }

  /** The gateway options of a v1 request: its log, and the key its x-idempotency-key gives the gateways. */
  function gatewayOptions(request: FastifyRequest) {
    const idempotencyKey = gatewayKeyOf(request);
    return { log: request.log, ...(idempotencyKey ? { idempotencyKey } : {}) };
  }

  /** A new payment, or the one this request's key made already. */
  function createPayment(entityId: string, payment: CreatePaymentRequest, request: FastifyRequest): Promise<Payment> {
    return madeOnce(
      () => deps.payments.create(payment, gatewayOptions(request)),
      (id) => deps.payments.read(id, entityId, { log: request.log }),
    ).catch((error: unknown) => Promise.reject(withV1Pointers(error, transactionPointer)));
  }

  /** A capture, void or refund, or the one this request's key made already. */
  function operate(
    kind: OperationKind,
    paymentId: string,
    entityId: string,
    operation: OperationRequest,
    request: FastifyRequest,
  ): Promise<OperationOutcome> {
    return madeOnce(
      () => deps.payments.operate(kind, paymentId, entityId, operation, gatewayOptions(request)),
      async (operationId) => ({
        payment: await deps.payments.read(paymentId, entityId, { log: request.log }),
        operation_id: operationId,
      }),
    );
  }

  /** Authorizes (and for `capture`, captures at once) without a session; answers the last transaction made. */
  async function transactionWithoutSession(
    entityId: string,
    action: 'authorize' | 'capture',
    payment: CreatePaymentRequest,
    request: FastifyRequest,
  ) {
    const created = await createPayment(entityId, { ...payment, capture_mode: 'MANUAL' }, request);
    const [authorization] = created.authorization?.partner_transactions ?? [];
    if (!authorization) throw new Error('a created payment has an authorization partner transaction');
    if (action === 'authorize' || created.authorization?.status !== 'AUTHORIZED')
      return resultOf(created, authorization.id);
    // Taken at once, as a till does: a capture of the whole, answered in the same call.
    const captured = await operate('capture', created.id, entityId, { amount: created.amount }, request);
    const capture = captured.payment.captures.find((operation) => operation.id === captured.operation_id)
      ?.partner_transactions[0];
    return resultOf(captured.payment, capture?.id ?? authorization.id);
  }

  atV1Paths('/:entity/transactions/:transaction', (url, documented) =>
    app.get(
      url,
      {
        config: { ...v1ErrorShape, auth: { scope: 'payment-api' } },
        ...v1RouteOptions(documented, {
          summary: 'Get a transaction',
          description: 'The transaction as it stands: a pending one is first asked of its partner.',
          params: TransactionParams,
          response: { 200: Ref(V1ActionResult), ...ApiErrors(401, 404, 503) },
        }),
      },
      async (request) => {
        const entityId = entityOfPrincipal(request, request.params.entity);
        const { payment } = await transactionOf(entityId, request.params.transaction, request.log);
        return resultOf(payment, request.params.transaction);
      },
    ),
  );

  atV1Paths('/:entity/transactions/:transaction/:action', (url, documented) =>
    app.post(
      url,
      {
        config: { ...v1ErrorShape, auth: { scope: 'payment-api' } },
        ...v1RouteOptions(documented, {
          summary: 'Capture, void, refund or authorize again',
          description:
            'capture, void and off_session_authorize act on an authorization; refund acts on a capture. The answer is the new transaction; its parent_transaction_id is the one acted on. More than remains to capture, void or refund answers 409; an action on the wrong kind of transaction 400; authorize answers AUTHORIZE_NOT_ALLOWED. off_session_authorize authorizes the amount again with the authorization’s reusable partner token (a subscription renewal). With x-idempotency-key, a repeat answers the first result again for 14 days.',
          params: Type.Object({
            entity: Type.String({ format: 'uuid' }),
            transaction: Type.String({ format: 'uuid' }),
            action: Type.String({
              pattern: actionPattern(OPERATION_ACTIONS),
              description: `One of ${OPERATION_ACTIONS.join(', ')}, in lower or upper case.`,
            }),
          }),
          body: Ref(V1DefaultPaymentApplication),
          headers: V1IdempotencyHeaders,
          response: { 200: Ref(V1ActionResult), ...ApiErrors(400, 401, 404, 409, 503) },
        }),
      },
      async (request, reply) => {
        const entityId = entityOfPrincipal(request, request.params.entity);
        const action = request.params.action.toLowerCase();
        if (action === 'authorize') {
          throw new HttpProblem(
            400,
            'authorize_not_allowed',
            'authorize cannot be called directly: an authorization is made by validate, PUT /transactions/authorize or off_session_authorize',
            undefined,
            {
              apiErrorCode: 'AUTHORIZE_NOT_ALLOWED',
            },
          );
        }
        return answerOnce(secrets, request, reply, entityId, async () => {
          const { payment, paymentId, kind, parentTransactionId } = await transactionOf(
            entityId,
            request.params.transaction,
            request.log,
            // A refund is held to what its capture has left, and off_session_authorize reads the
            // authorization's token: both read the payment as it stands.
            { termsOnly: action === 'capture' || action === 'void' },
          );
          const amount = amountOf(request.body.amount, payment.currency);
          assertOrderCurrency(request.body.order, payment.currency);
          const actsOn = action === 'refund' ? 'capture' : 'authorization';
          if (kind !== actsOn)
            throw badRequest(
              `${action} acts on ${actsOn === 'capture' ? 'a capture' : 'an authorization'}; this transaction is ${kind === 'authorization' ? 'an authorization' : `a ${kind}`}`,
              [{ pointer: '/transaction', detail: `is a ${kind} transaction` }],
            );

          if (action === 'off_session_authorize') {
            const authorization = payment.authorization?.partner_transactions.find(
              (tx) => tx.id === request.params.transaction,
            );
            if (!authorization?.partner_token) {
              throw badRequest(
                'this authorization has no reusable partner token: authorize with allow_future_usage to renew it off session',
                [{ pointer: '/transaction', detail: 'has no partner token' }],
              );
            }
            const renewed = await createPayment(
              entityId,
              {
                entity_id: entityId,
                amount,
                currency: payment.currency,
                order: { reference: payment.order.reference },
                capture_mode: 'MANUAL',
                split: [{ amount, parent_partner_transaction_id: authorization.id }],
              },
              request,
            );
            const [leg] = renewed.authorization?.partner_transactions ?? [];
            if (!leg) throw new Error('a created payment has an authorization partner transaction');
            const result = await resultOf(renewed, leg.id);
            // A new authorization of its own payment, told as what it renews.
            return {
              status: 200,
              body: {
                ...result,
                status: { ...result.status, action: 'OFF_SESSION_AUTHORIZE' as const },
                parent_transaction_id: authorization.id,
              },
            };
          }

          const operationKind =
            operationKindOf[action === 'capture' ? 'capture' : action === 'void' ? 'void' : 'refund'];
          // A refund gives back a capture; the payment refunds against that capture's authorization.
          const authorizationId = action === 'refund' ? parentTransactionId : request.params.transaction;
          if (!authorizationId) throw transactionNotFound();
          if (action === 'refund') {
            const left = refundableOfCapture(
              payment,
              request.params.transaction,
              await transactionParents(deps.sql, paymentId),
            );
            if (amount > left)
              throw new HttpProblem(
                409,
                'amount_exceeded',
                `at most ${minorToMajorUnits(left, payment.currency)} of this capture can be refunded`,
                [{ pointer: '/amount', detail: `must not exceed ${minorToMajorUnits(left, payment.currency)}` }],
              );
          }
          const operation: OperationRequest = { amount, partner_transaction_id: authorizationId };
          const outcome = await operate(operationKind, paymentId, entityId, operation, request).catch(
            (error: unknown) => Promise.reject(beyondAvailable(error, operationKind, payment.currency)),
          );
          const list =
            operationKind === 'capture'
              ? outcome.payment.captures
              : operationKind === 'void'
                ? outcome.payment.voids
                : outcome.payment.refunds;
          const made = list
            .find((candidate) => candidate.id === outcome.operation_id)
            ?.partner_transactions.find((tx) => tx.authorization_partner_transaction_id === authorizationId);
          if (!made) throw new Error('an operation answered by the payment has its partner transaction');
          if (action === 'refund') await recordRefundedCapture(deps.sql, [made.id], request.params.transaction);
          return { status: 200, body: await resultOf(outcome.payment, made.id) };
        });
      },
    ),
  );

  atV1Paths('/:entity/transactions/:action', (url, documented) =>
    app.put(
      url,
      {
        config: { ...v1ErrorShape, auth: { scope: 'payment-api' } },
        ...v1RouteOptions(documented, {
          summary: 'Make a transaction without a session',
          description:
            'authorize: authorizes the solution given (server to server, e.g. with a vault token); capture: authorizes and captures at once, and at a point of sale takes the amount from the gift card given in payment_data.card. The answer is the last transaction made.',
          params: Type.Object({
            entity: Type.String({ format: 'uuid' }),
            action: Type.String({
              pattern: actionPattern(['authorize', 'capture']),
              description: 'authorize or capture, in lower or upper case.',
            }),
          }),
          body: Type.Union([Ref(V1ServerToServerTransaction), Ref(V1DefaultCapturePosRequest)]),
          headers: V1IdempotencyHeaders,
          response: { 200: Ref(V1ActionResult), ...ApiErrors(400, 401, 404, 409, 503) },
        }),
      },
      async (request, reply) => {
        const entityId = entityOfPrincipal(request, request.params.entity);
        const action = request.params.action.toLowerCase() === 'capture' ? 'capture' : 'authorize';
        const body = request.body;
        return answerOnce(secrets, request, reply, entityId, async () => {
          const currency = currencyOf(body.order.currency_code);
          const amount = amountOf(body.amount, currency);
          const order = { reference: String(body.order.reference) };
          if ('card' in body.payment_data) {
            if (action !== 'capture')
              throw badRequest('a gift card at a point of sale is taken with PUT /transactions/capture', [
                { pointer: '/payment_data/card', detail: 'is for capture' },
              ]);
            // The number is vaulted before anything else: only its token goes further.
            const token = await vaultGiftCard(deps.sql, deps.config.encryptionKey, entityId, {
              number: body.payment_data.card.number,
              ...(body.payment_data.card.pin ? { pin: body.payment_data.card.pin } : {}),
            });
            const split = [
              { amount, partner: body.partner, method: body.method, vault_form_token: token.vault_form_token },
            ];
            return {
              status: 200,
              body: await transactionWithoutSession(
                entityId,
                'capture',
                { entity_id: entityId, amount, currency, order, split },
                request,
              ),
            };
          }
          const token = body.payment_data.token;
          const split = [
            { amount, partner: body.partner, method: body.method, ...(token ? { vault_form_token: token } : {}) },
          ];
          const redirection = 'redirection' in body.order ? body.order.redirection : undefined;
          const payment: CreatePaymentRequest = {
            entity_id: entityId,
            amount,
            currency,
            order,
            split,
            ...(redirection ? { shopper_redirection_url: redirection } : {}),
          };
          return { status: 200, body: await transactionWithoutSession(entityId, action, payment, request) };
        });
      },
    ),
  );

  atV1Paths('/:entity/sessions/init', (url, documented) =>
    app.post(
      url,
      {
        config: { ...v1ErrorShape, auth: { scope: 'payment-api' } },
        ...v1RouteOptions(documented, {
          summary: 'Check a gift card at a point of sale',
          description:
            'What the gift card can pay now: plugin_result.amount is its available balance, at most the amount asked; nothing is taken.',
          params: Type.Object({ entity: Type.String({ format: 'uuid' }) }),
          body: Ref(V1DefaultInitPosRequest),
          response: { 200: Ref(V1InitResult), ...ApiErrors(400, 401, 404, 503) },
        }),
      },
      async (request) => {
        const entityId = entityOfPrincipal(request, request.params.entity);
        const body = request.body;
        const currency = currencyOf(body.order.currency_code);
        const asked = amountOf(body.amount, currency);
        const contract = (await deps.merchants.contractsOf(entityId)).find(
          (candidate) => candidate.partner === body.partner && candidate.method === body.method,
        );
        if (!contract)
          throw badRequest('this solution is not available', [
            { pointer: '/method', detail: `the entity has no contract for ${body.partner} ${body.method}` },
          ]);
        if (!GIFT_CARD_PARTNERS.includes(body.partner))
          throw badRequest('a point of sale checks gift cards only', [
            { pointer: '/partner', detail: `${body.partner} is not a gift card partner` },
          ]);
        const token = await vaultGiftCard(deps.sql, deps.config.encryptionKey, entityId, {
          number: body.payment_data.card.number,
          ...(body.payment_data.card.pin ? { pin: body.payment_data.card.pin } : {}),
        });
        const outcome = await giftCardBalance(
          { ...secrets, merchants: deps.merchants, partners: deps.partners },
          entityId,
          token.vault_form_token,
          currency,
          body.partner,
        ).then(
          ({ balance }) => giftCardInitOutcome(balance, asked, currency),
          (error: unknown) =>
            // The till is told what its capture would answer, not to tokenize again.
            error instanceof GiftCardRefused
              ? giftCardRefusedInitOutcome(error.reason, currency)
              : Promise.reject(
                  withV1Pointers(error, (pointer) =>
                    pointer === '/vault_form_token'
                      ? '/payment_data/card'
                      : pointer === '/currency'
                        ? '/order/currency_code'
                        : pointer,
                  ),
                ),
        );
        return { partner: body.partner, method: body.method, date: new Date().toISOString(), ...outcome };
      },
    ),
  );
}
