// One OpenAPI 3.1 document per API family, generated from the route schemas: the same TypeBox
// schema validates a request, types the handler and documents the call.
import type { FastifyInstance } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import { buildLocalReference } from './schemas/typebox';
import { referencedComponents } from './openapi-references';
import { documentNullsAsAbsent } from './routes/v1/nulls-as-absent';

export type ApiFamily = 'v1' | 'v2' | 'wallet';

function familyOf(url: string): ApiFamily[] {
  if (url === '/oauth/token') return ['v1', 'v2', 'wallet'];
  if (url.startsWith('/v2/')) return ['v2'];
  if (url.startsWith('/wallet/')) return ['wallet'];
  if (url.startsWith('/payment/v1/')) return ['v1'];
  return [];
}

const documents: Record<ApiFamily, { title: string; description: string; version: string }> = {
  v2: {
    title: 'Tessera Orchestration API v2',
    description:
      'Client sessions, payments, captures, voids, refunds, split payments and webhooks. Amounts are integers in the currency minor unit.',
    version: '2.0.0',
  },
  v1: {
    title: 'Tessera Payment API v1 (deprecated)',
    description: 'Session and protocol style API kept for existing integrations. Prefer API v2.',
    version: '1.0.0',
  },
  wallet: {
    title: 'Tessera Wallet API',
    description:
      'Saved payment tokens per merchant and customer (owner_reference). Every call needs x-merchant-id and a credential of that merchant: ' +
      'a Bearer access token with the payment-api scope or the secret x-api-key; the publishable key lists, favorites and deletes through a wallet session. ' +
      'Errors are ApiError objects.',
    version: '2.0.0',
  },
};

/** What Tessera posts to a merchant's webhook url: one envelope for every event type (api/schemas/v2/webhook-event.ts). */
/** One webhook of the v2 document: every event shares the envelope, the headers and the retries. */
function v2Webhook(summary: string, description: string) {
  return {
    post: {
      summary,
      description: `${description} Retried with backoff for up to 3 days until your endpoint answers 2xx, in order per resource. Verify tessera-signature before trusting the body.`,
      parameters: [
        {
          name: 'tessera-signature',
          in: 'header',
          required: true,
          schema: { type: 'string' },
          description: 't=<unix time>,v1=<hex HMAC-SHA256 of "<t>.<raw body>"> with the entity webhook secret.',
        },
        { name: 'tessera-event-id', in: 'header', required: true, schema: { type: 'string', format: 'uuid' } },
        { name: 'tessera-event-type', in: 'header', required: true, schema: { type: 'string' } },
        { name: 'tessera-delivery-attempt', in: 'header', required: true, schema: { type: 'integer', minimum: 1 } },
      ],
      requestBody: {
        required: true,
        content: { 'application/json': { schema: { $ref: '#/components/schemas/WebhookEvent' } } },
      },
      responses: {
        '2XX': { description: 'Received: not sent again.' },
        default: { description: 'Not received: sent again later.' },
      },
    },
  };
}

const v2Webhooks = {
  event: v2Webhook(
    'A session or payment changed',
    "Sent to a session's or payment's `webhook` for each event type it lists (PAYMENT by default).",
  ),
  dispute: v2Webhook(
    'A dispute of a payment opened, changed or closed',
    "DISPUTE_OPENED, DISPUTE_UPDATED and DISPUTE_CLOSED, sent to the payment's `webhook` when it lists them: `related.dispute_id` names the dispute, `data` is the payment with its `disputes`.",
  ),
  settlement: v2Webhook(
    'A settlement was imported',
    'SETTLEMENT_COMPLETED, sent to the reports webhook of the entity (`PUT /v2/reports/webhook`): `data` is the settlement as `GET /v2/reports/settlements` lists it.',
  ),
};

/** Components no path, webhook or other kept component refers to, removed. */
export function withoutUnusedComponents<T extends { components?: { schemas?: Record<string, unknown> } }>(
  document: T,
): T {
  const schemas = document.components?.schemas;
  if (!schemas) return document;
  // The walk starts outside the components, so that one only other unused ones refer to is dropped.
  const used = referencedComponents([{ ...document, components: { ...document.components, schemas: {} } }], schemas);
  return {
    ...document,
    components: {
      ...document.components,
      schemas: Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name))),
    },
  };
}

export const decoratorOf = (family: ApiFamily) => `openapi_${family}`;

export async function registerOpenApi(app: FastifyInstance, publicUrl: string): Promise<void> {
  for (const family of Object.keys(documents) as ApiFamily[]) {
    const info = documents[family];
    await app.register(fastifySwagger, {
      decorator: decoratorOf(family),
      refResolver: { buildLocalReference },
      openapi: {
        openapi: '3.1.0',
        info,
        servers: [{ url: publicUrl }],
        ...(family === 'v2' ? { webhooks: v2Webhooks } : {}),
        components: {
          securitySchemes: {
            oauth2: {
              type: 'oauth2',
              flows: {
                clientCredentials: {
                  tokenUrl: '/oauth/token',
                  scopes: { 'payment-api': 'Create client sessions', 'orchestration-api': 'Every other call' },
                },
              },
            },
            apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
            basicAuth: { type: 'http', scheme: 'basic' },
          },
        },
      },
      // Every API's shared schemas are registered once with the app: each document keeps those it uses.
      transformObject: (documentObject) => {
        if (!('openapiObject' in documentObject)) return documentObject.swaggerObject;
        const document = withoutUnusedComponents(documentObject.openapiObject);
        return family === 'v1' ? documentNullsAsAbsent(document) : document;
      },
      transform: ({ schema, url, route }) => {
        const auth =
          route.config && typeof route.config === 'object' && 'auth' in route.config ? route.config.auth : undefined;
        const hidden = !familyOf(url).includes(family) || Boolean(schema?.hide);
        const security: Array<Record<string, string[]>> | undefined =
          auth && typeof auth === 'object' && 'scope' in auth
            ? [{ oauth2: [String(auth.scope)] }, { apiKey: [] }]
            : url === '/oauth/token'
              ? [{ basicAuth: [] }]
              : undefined;
        return { schema: { ...schema, hide: hidden, ...(security ? { security } : {}) }, url };
      },
    });
    app.get(`/openapi/${family}.json`, { schema: { hide: true } }, async () => {
      const generate: unknown = Reflect.get(app, decoratorOf(family));
      if (typeof generate !== 'function') throw new Error(`openapi decorator for ${family} missing`);
      return generate.call(app);
    });
  }
}
