import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { WithStartWorkflowOperation, WorkflowExecutionAlreadyStartedError, type Client } from '@temporalio/client';
import { randomUUID } from 'node:crypto';
import type { Sql } from '../../../db/connection';
import { contractsOf } from '../../../db/contracts';
import { findEntity } from '../../../db/merchants';
import { readPaymentProjection } from '../../../db/projections';
import type { WebhookEventType, WebhookSubscription } from '../../../activities/webhook-types';
import { validateCreatePayment } from '../../../domain/validation/create-payment';
import type { TesseraConfig } from '../../../platform/config';
import { deterministicUuid } from '../../../platform/ids';
import { encrypt } from '../../../platform/secrets';
import { entityIdKey, merchantReferenceKey } from '../../../temporal/search-attributes';
import {
  awaitAuthorizationUpdate,
  captureUpdate,
  getPaymentQuery,
  paymentWorkflowId,
  refreshPaymentUpdate,
  refundUpdate,
  voidUpdate,
} from '../../../workflows/payment/messages';
import { paymentWorkflow } from '../../../workflows/payment/payment';
import type { PaymentState } from '../../../workflows/payment/types';
import { principalOf } from '../../auth/authenticate';
import { badRequest, forbidden, HttpProblem, notFound, type FieldError } from '../../errors/problem';
import { Ref } from '../../schemas/typebox';
import { CreatePaymentRequest, OperationRequest, Payment, type Webhook } from '../../schemas/v2';
import { isWorkflowNotFound, updateFailure } from '../../temporal/workflow-errors';
import { problemResponses } from '../schema-refs';
import { projectAnswer } from '../../read-model';
import { legsFromSplit } from './payment-legs';

interface Deps {
  sql: Sql;
  temporal: Client;
  config: TesseraConfig;
}

const PaymentIdParams = Type.Object({ id: Type.String({ format: 'uuid', description: 'Payment id' }) });
const IdempotencyHeaders = Type.Object({
  'x-idempotency-key': Type.Optional(
    Type.String({ minLength: 1, maxLength: 255, description: 'Makes the request safe to repeat: a repeated key answers 409 with the resource_id already processed.' }),
  ),
});
const ReadHeaders = Type.Object({
  'cache-control': Type.Optional(Type.String({ description: '`max-age=N` lets the answer come from a copy at most N seconds old, without asking the partners.' })),
});

/** Header values may be credentials for the merchant's endpoint: shown redacted, kept encrypted. */
function redactedWebhook(webhook: Webhook): Webhook {
  return { ...webhook, ...(webhook.headers ? { headers: webhook.headers.map((header) => ({ name: header.name, values: header.values.map(() => '[redacted]') })) } : {}) };
}

export function webhookSubscriptionOf(webhook: Webhook | undefined, encryptionKey: Buffer): WebhookSubscription | undefined {
  if (!webhook) return undefined;
  return {
    url: webhook.url,
    event_types: (webhook.event_types ?? ['PAYMENT']) as WebhookEventType[],
    ...(webhook.headers && webhook.headers.length > 0 ? { headers_encrypted: encrypt(encryptionKey, JSON.stringify(webhook.headers)) } : {}),
  };
}

function maxAgeSeconds(header: string | undefined): number | undefined {
  const match = header ? /(?:^|,)\s*max-age=(\d+)/i.exec(header) : null;
  return match ? Number(match[1]) : undefined;
}

export function registerPaymentRoutes(parent: FastifyInstance, deps: Deps): void {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  const handleOf = (id: string) => deps.temporal.workflow.getHandle(paymentWorkflowId(id));

  /**
   * A repeated key means an earlier request was processed, but its answer (and the read-model
   * write that goes with it) may have been lost on the way: a timeout, a 503. The repeat writes
   * the read model from the workflow, so that what the 409 points to is what a cached read shows.
   */
  async function repairReadModel(request: FastifyRequest, id: string): Promise<void> {
    const payment = await handleOf(id).query(getPaymentQuery).catch(() => undefined);
    if (payment) await projectAnswer(deps.sql, request.log, { payment });
  }

  app.post(
    '/v2/payments',
    {
      config: { auth: { scope: 'orchestration-api' } },
      schema: {
        summary: 'Create a payment',
        description:
          'Authorizes the payment across its split entries, in order (e.g. a gift card, then a card for the rest). If an entry is refused after earlier ones were authorized, those are voided (or refunded) with triggered_by ORCHESTRATOR. The answer comes once the authorization has a first outcome; a PENDING or UNCERTAIN one carries a redirection for the shopper.',
        tags: ['Payments'],
        headers: IdempotencyHeaders,
        body: Ref(CreatePaymentRequest),
        response: { 201: Ref(Payment), ...problemResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const body = request.body;
      const errors: FieldError[] = validateCreatePayment(body);
      if (!body.split || body.split.length === 0) errors.push({ pointer: '/split', detail: 'is required: the means of payment to authorize' });
      if (errors.length > 0) throw badRequest('the payment is invalid', errors);
      if (body.entity_id !== principal.entityId) throw forbidden('the credential does not belong to this entity_id');
      const entity = await findEntity(deps.sql, body.entity_id);
      if (!entity) throw notFound('entity');

      const idempotencyKey = request.headers['x-idempotency-key'];
      const id = idempotencyKey ? deterministicUuid('payment', entity.id, idempotencyKey) : randomUUID();
      const now = new Date().toISOString();
      const allowFutureUsage = body.allow_future_usage ?? false;
      // Leg ids come from the payment id so that a racing duplicate builds the very same input.
      let legIndex = 0;
      const { legs, errors: legErrors } = await legsFromSplit({
        sql: deps.sql,
        entityId: entity.id,
        currency: body.currency,
        allowFutureUsage,
        contracts: await contractsOf(deps.sql, entity.id),
        split: body.split ?? [],
        newId: () => deterministicUuid('payment-leg', id, String(legIndex++)),
        now,
      });
      if (legErrors.length > 0) throw badRequest('the payment cannot be authorized as given', legErrors);

      const payment: PaymentState = {
        id,
        entity_id: entity.id,
        created_at: now,
        version: 0,
        order: body.order,
        amount: body.amount,
        currency: body.currency,
        capture_mode: body.capture_mode ?? 'MANUAL',
        allow_future_usage: allowFutureUsage,
        ...(body.customer ? { customer: body.customer } : {}),
        ...(body.shopper_redirection_url ? { shopper_redirection_url: body.shopper_redirection_url } : {}),
        ...(body.webhook ? { webhook: redactedWebhook(body.webhook) } : {}),
        legs,
        operations: [],
        authorization_settled: false,
      };
      const subscription = webhookSubscriptionOf(body.webhook, deps.config.encryptionKey);
      const start = new WithStartWorkflowOperation(paymentWorkflow, {
        workflowId: paymentWorkflowId(id),
        taskQueue: deps.config.taskQueue,
        workflowIdConflictPolicy: 'FAIL',
        // An idempotency key stays spent after its payment has completed, not only while it runs.
        workflowIdReusePolicy: 'REJECT_DUPLICATE',
        args: [
          {
            payment,
            publicUrl: deps.config.publicUrl,
            webhookRetry: { initialIntervalMs: deps.config.webhookRetryInitialIntervalMs },
            ...(subscription ? { webhookSubscription: subscription } : {}),
          },
        ],
        typedSearchAttributes: [
          { key: entityIdKey, value: entity.id },
          { key: merchantReferenceKey, value: body.order.reference },
        ],
      });
      try {
        // One round trip: start the workflow and wait for the authorization's first outcome.
        const view = await deps.temporal.workflow.executeUpdateWithStart(awaitAuthorizationUpdate, {
          args: [{ entity_id: entity.id }],
          startWorkflowOperation: start,
        });
        await projectAnswer(deps.sql, request.log, { payment: view });
        return reply.status(201).header('location', view.links.self).send(view);
      } catch (error) {
        if (error instanceof WorkflowExecutionAlreadyStartedError) {
          await repairReadModel(request, id);
          throw new HttpProblem(409, 'idempotency_conflict', 'a payment was already created with this x-idempotency-key', undefined, { resource_id: id });
        }
        throw error;
      }
    },
  );

  app.get(
    '/v2/payments/:id',
    {
      config: { auth: { scope: 'orchestration-api' } },
      schema: {
        summary: 'Get a payment',
        description:
          'Without a Cache-Control header, partner transactions that are not final are refreshed at their partner first. With `Cache-Control: max-age=N`, the answer may come from a copy at most N seconds old.',
        tags: ['Payments'],
        params: PaymentIdParams,
        headers: ReadHeaders,
        response: { 200: Ref(Payment), ...problemResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const entityId = principalOf(request).entityId;
      const maxAge = maxAgeSeconds(request.headers['cache-control']);
      if (maxAge !== undefined) {
        const cached = await readPaymentProjection(deps.sql, request.params.id);
        if (cached && cached.payment.entity_id === entityId && Date.now() - cached.updatedAt.getTime() <= maxAge * 1000) return cached.payment;
      }
      const handle = handleOf(request.params.id);
      try {
        const view = await handle.query(getPaymentQuery);
        if (view.entity_id !== entityId) throw notFound('payment');
        const status = view.authorization?.status;
        const fresh = status === 'PENDING' || status === 'UNCERTAIN' ? await handle.executeUpdate(refreshPaymentUpdate, { args: [{ entity_id: entityId }] }) : view;
        // Also repairs a read model an earlier answer could not write.
        await projectAnswer(deps.sql, request.log, { payment: fresh });
        return fresh;
      } catch (error) {
        if (isWorkflowNotFound(error)) throw notFound('payment');
        throw error;
      }
    },
  );

  const operations = [
    { path: 'captures', update: captureUpdate, noun: 'capture', available: 'available_to_capture' },
    { path: 'voids', update: voidUpdate, noun: 'void', available: 'available_to_void' },
    { path: 'refunds', update: refundUpdate, noun: 'refund', available: 'available_to_refund' },
  ] as const;
  for (const operation of operations) {
    app.post(
      `/v2/payments/:id/${operation.path}`,
      {
        config: { auth: { scope: 'orchestration-api' } },
        schema: {
          summary: `Create a ${operation.noun}`,
          description: `Exactly one of three forms: \`amount\`; \`amount\` with \`priority\` (partner and method pairs to draw on, in order); or \`amount\` with \`partner_transaction_id\`. The amount may not exceed \`amounts.${operation.available}\`. The answer is the payment; the new operation's id is in the x-created-operation-id header.`,
          tags: ['Payments'],
          params: PaymentIdParams,
          headers: IdempotencyHeaders,
          body: Ref(OperationRequest),
          response: { 201: Ref(Payment), ...problemResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request, reply) => {
        const entityId = principalOf(request).entityId;
        const key = request.headers['x-idempotency-key'];
        const operationId = key ? deterministicUuid(operation.noun, entityId, request.params.id, key) : randomUUID();
        const body = request.body;
        try {
          const outcome = await handleOf(request.params.id).executeUpdate(operation.update, {
            args: [
              {
                entity_id: entityId,
                operation_id: operationId,
                amount: body.amount,
                ...(body.priority ? { priority: body.priority } : {}),
                ...(body.partner_transaction_id ? { partner_transaction_id: body.partner_transaction_id } : {}),
                ...(body.merchant_reference ? { merchant_reference: body.merchant_reference } : {}),
                ...(body.order ? { order: body.order } : {}),
              },
            ],
          });
          await projectAnswer(deps.sql, request.log, { payment: outcome.payment });
          return reply.status(201).header('x-created-operation-id', outcome.operation_id).send(outcome.payment);
        } catch (error) {
          const failure = updateFailure(error);
          if (failure?.type === 'NotFound') throw notFound('payment');
          if (failure?.type === 'DuplicateOperation') {
            await repairReadModel(request, request.params.id);
            throw new HttpProblem(409, 'idempotency_conflict', `a ${operation.noun} was already made with this x-idempotency-key`, undefined, { resource_id: operationId });
          }
          if (failure?.type === 'InvalidOperation') throw badRequest(`the ${operation.noun} is invalid: ${failure.message}`, failure.errors);
          if (failure) throw badRequest(failure.message);
          if (isWorkflowNotFound(error)) {
            // A payment whose workflow has completed has nothing left to move.
            const view = await handleOf(request.params.id).query(getPaymentQuery).catch(() => undefined);
            if (!view || view.entity_id !== entityId) throw notFound('payment');
            const done = [...view.captures, ...view.voids, ...view.refunds].some((existing) => existing.id === operationId);
            if (done) {
              throw new HttpProblem(409, 'idempotency_conflict', `a ${operation.noun} was already made with this x-idempotency-key`, undefined, { resource_id: operationId });
            }
            throw badRequest(`nothing is available to ${operation.noun} on this payment`, [{ pointer: '/amount', detail: `must be at most ${view.amounts[operation.available]}` }]);
          }
          throw error;
        }
      },
    );
  }
}
