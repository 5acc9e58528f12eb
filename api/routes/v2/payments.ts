import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { validateCreatePayment } from '../../../domain/validation/create-payment';
import type { WebhookPrivateAddresses } from '../../../platform/config';
import { privateWebhookUrlErrors } from '../../webhook-url-addresses';
import { principalOf } from '../../auth/authenticate';
import { badRequest, forbidden, type FieldError } from '../../errors/problem';
import type { PaymentGateway } from '../../gateway/payments';
import { Ref } from '../../schemas/typebox';
import { CreatePaymentRequest, DisputeEvidenceRequest, OperationRequest, Payment } from '../../schemas/v2';
import { idempotencyHeaders, problemResponses } from '../schema-refs';
import { IdempotencyConflict, Problem } from '../../schemas/v2';

const PaymentIdParams = Type.Object({ id: Type.String({ format: 'uuid', description: 'Payment id' }) });
const DisputeParams = Type.Object({
  id: Type.String({ format: 'uuid', description: 'Payment id' }),
  dispute_id: Type.String({ format: 'uuid', description: 'Dispute id' }),
});
const IdempotencyHeaders = idempotencyHeaders(
  'payment or operation (a key names one operation of a payment: a capture’s key sent for a refund or a void answers with the capture)',
);
const ReadHeaders = Type.Object({
  'cache-control': Type.Optional(
    Type.String({
      description: '`max-age=N` lets the answer come from a copy at most N seconds old, without asking the partners.',
    }),
  ),
});

function maxAgeSecondsOf(header: string | undefined): number | undefined {
  const match = header ? /(?:^|,)\s*max-age=(\d+)/i.exec(header) : null;
  return match ? Number(match[1]) : undefined;
}

export function registerPaymentRoutes(
  parent: FastifyInstance,
  deps: { payments: PaymentGateway; webhookPrivateAddresses: WebhookPrivateAddresses },
): void {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
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
        response: { 201: Ref(Payment), ...problemResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const body = request.body;
      const errors: FieldError[] = [
        ...validateCreatePayment(body),
        ...privateWebhookUrlErrors(deps.webhookPrivateAddresses, body.webhook?.url, '/webhook/url'),
      ];
      if (errors.length > 0) throw badRequest('the payment is invalid', errors);
      if (body.entity_id !== principal.entityId) throw forbidden('the credential does not belong to this entity_id');
      const idempotencyKey = request.headers['x-idempotency-key'];
      const view = await deps.payments.create(body, {
        ...(idempotencyKey ? { idempotencyKey } : {}),
        log: request.log,
      });
      return reply.status(201).header('location', view.links.self).send(view);
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
        response: { 200: Ref(Payment), ...problemResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request) => {
      const maxAgeSeconds = maxAgeSecondsOf(request.headers['cache-control']);
      return deps.payments.read(request.params.id, principalOf(request).entityId, {
        ...(maxAgeSeconds !== undefined ? { maxAgeSeconds } : {}),
        log: request.log,
      });
    },
  );

  const operations = [
    { path: 'captures', noun: 'capture', available: 'available_to_capture' },
    { path: 'voids', noun: 'void', available: 'available_to_void' },
    { path: 'refunds', noun: 'refund', available: 'available_to_refund' },
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
          response: { 201: Ref(Payment), ...problemResponses(400, 401, 403, 404, 409, 503) },
        },
      },
      async (request, reply) => {
        const body = request.body;
        const idempotencyKey = request.headers['x-idempotency-key'];
        const outcome = await deps.payments.operate(
          operation.noun,
          request.params.id,
          principalOf(request).entityId,
          {
            amount: body.amount,
            ...(body.priority ? { priority: body.priority } : {}),
            ...(body.partner_transaction_id ? { partner_transaction_id: body.partner_transaction_id } : {}),
            ...(body.merchant_reference ? { merchant_reference: body.merchant_reference } : {}),
            ...(body.order ? { order: body.order } : {}),
          },
          { ...(idempotencyKey ? { idempotencyKey } : {}), log: request.log },
        );
        return reply.status(201).header('x-created-operation-id', outcome.operation_id).send(outcome.payment);
      },
    );
  }

  app.post(
    '/v2/payments/:id/disputes/:dispute_id/evidence',
    {
      config: { auth: { scope: 'orchestration-api' } },
      schema: {
        summary: 'Submit evidence for a dispute',
        description:
          'Sends your evidence for a dispute to the partner: a statement, references to files the partner fetches, or both. Taken once, while the dispute is NEEDS_RESPONSE and before its evidence_due_at (409 otherwise, or when the partner refuses it; a refused submission may be replaced). The answer is the payment, its dispute UNDER_REVIEW once the partner has the evidence; the submission’s id is in the x-created-evidence-id header.',
        tags: ['Payments'],
        params: DisputeParams,
        headers: idempotencyHeaders('evidence'),
        body: Ref(DisputeEvidenceRequest),
        response: {
          201: Ref(Payment),
          ...problemResponses(400, 401, 403, 404),
          409: {
            description:
              'The idempotency key was used already (resource_id names that evidence), the dispute takes no evidence now (evidence_not_accepted), or the partner refused it (evidence_refused).',
            content: {
              'application/problem+json': { schema: Type.Union([Ref(IdempotencyConflict), Ref(Problem)]) },
            },
          },
          503: problemResponses(503)[503],
        },
      },
    },
    async (request, reply) => {
      const body = request.body;
      if (body.text === undefined && (body.files ?? []).length === 0)
        throw badRequest('the evidence is empty', [
          { pointer: '/text', detail: 'a text or at least one file is required' },
        ]);
      const idempotencyKey = request.headers['x-idempotency-key'];
      const outcome = await deps.payments.submitEvidence(
        request.params.id.toLowerCase(),
        principalOf(request).entityId,
        request.params.dispute_id.toLowerCase(),
        body,
        { ...(idempotencyKey ? { idempotencyKey } : {}), log: request.log },
      );
      return reply.status(201).header('x-created-evidence-id', outcome.evidence_id).send(outcome.payment);
    },
  );
}
