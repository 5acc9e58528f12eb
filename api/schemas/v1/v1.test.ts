/**
 * The v1 schemas as the api uses them: registered beside v2's and the wallet's (no $id clash),
 * compiled by Fastify's Ajv with the api's options (no type coercion), serialized by
 * fast-json-stringify, and documented as deprecated operations by @fastify/swagger.
 */
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchesSchema } from '../check';
import { buildLocalReference, idOf, Ref } from '../typebox';
import { v2Schemas } from '../v2';
import { walletSchemas } from '../wallet';
import { V1ActionResult, V1CreateSessionApplication, v1RouteSchema, v1Schemas, V1_TAG } from '.';

const allSchemas = [...v2Schemas, ...walletSchemas, ...v1Schemas];
const references = [...v2Schemas, ...v1Schemas];

/** A session creation body as a shop platform sends it: strings for amounts, an integer reference, extra fields. */
function platformSessionBody() {
  return {
    hook: 'https://shop.example/module/tessera/hook',
    amount: '59.9000',
    plugin_version: '3.4.1',
    order: {
      reference: 100042,
      redirection: 'https://shop.example/order/confirmation?id=100042',
      amount: 59.9,
      net_amount: '49.916667',
      tax_amount: 9.983333333333334,
      currency_code: 'EUR',
      cart_id: 'c-771',
      tax_lines: [{ type_code: 'vat', rate: '20.0000', amount: '9.9800' }],
      customer: {
        reference: 'CUST-17',
        type_code: 'customer',
        gender_code: 'female',
        first_name: 'Camille',
        last_name: 'Martin',
        locale_code: 'fr_FR',
        billing_address: {
          address_lines: ['12 rue de la Paix'],
          city: 'Paris',
          postal_code: '75002',
          country_code: 'FR',
          mobile_phone: '+33612345678',
        },
        account: { creation_date_time: '2021-03-02 10:00:00', purchase_count_last_year: 4, challenge_indicator: '01' },
        additional_attributes: { national_identifier: '1900475123456' },
      },
      shipments: [
        {
          delivery_type_code: 'user_delivery',
          shipping_address: { first_name: 'Camille', city: 'Paris', country_code: 'FR' },
          item_lines: [
            { type_code: 'product', name: 'Lamp', price: '49.9000', quantity: '1.0000', amount: 49.9, color: 'blue' },
          ],
          tax_lines: [{ type_code: 'vat', rate: 20, amount: 8.316666666666666 }],
        },
      ],
    },
  };
}

function actionResult() {
  return {
    id: '0f0c4f5e-8a55-4c1b-9d0c-0c7f5a0b1c2d',
    transaction_id: '0f0c4f5e-8a55-4c1b-9d0c-0c7f5a0b1c2d',
    session_id: '5b1d8a1e-1a0d-4c8e-9f57-2d1b6e4a9c03',
    entity_id: '3f2b8c1e-6a0d-4c8e-9f57-2d1b6e4a9c03',
    partner: 'sandbox-card',
    method: 'creditcard',
    date: '2025-03-14T09:26:53Z',
    status: { action: 'CAPTURE', state: 'SUCCESS', code: 'SUCCEEDED', description: '2599 captured.' },
    plugin_result: { amount: 25.99, currency_code: 'EUR', status: 'CAPTURED', partner_reference: 'sbx_cap_1' },
    parent_transaction_id: '9a0c4f5e-8a55-4c1b-9d0c-0c7f5a0b1c2d',
  };
}

let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify({
    ajv: { customOptions: { coerceTypes: false, allErrors: true, useDefaults: true, removeAdditional: false } },
  });
  await app.register(swagger, {
    openapi: { openapi: '3.1.0', info: { title: 'Tessera v1 (schema test)', version: '0' } },
    refResolver: { buildLocalReference },
  });
  for (const schema of allSchemas) app.addSchema(schema);
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    void reply.status(400).send({ validation: error.validation ?? [] });
  });
  for (const schema of v1Schemas) {
    const id = idOf(schema);
    app.post(
      `/payment/v1/echo/${id}`,
      { schema: v1RouteSchema({ body: Type.Ref(id), response: { 200: Type.Ref(id) } }) },
      async (request) => request.body,
    );
  }
  app.get('/payment/v1/result', { schema: v1RouteSchema({ response: { 200: Ref(V1ActionResult) } }) }, async () => ({
    ...actionResult(),
    internal_state: 'must not leak',
  }));
  await app.ready();
});

afterAll(async () => {
  await app.close();
});

async function post(id: string, payload: unknown) {
  const response = await app.inject({
    method: 'POST',
    url: `/payment/v1/echo/${id}`,
    payload: JSON.stringify(payload),
    headers: { 'content-type': 'application/json' },
  });
  return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
}

describe('v1 request bodies', () => {
  it('accept what shop platforms send: numeric strings, noisy floats, integer references, extra fields', async () => {
    const body = platformSessionBody();
    const { status } = await post('V1CreateSessionApplication', body);
    expect(status).toBe(200);
    expect(matchesSchema(V1CreateSessionApplication, body, references)).toBe(true);
  });

  it.each([
    ['an amount that is not numeric', (b: ReturnType<typeof platformSessionBody>) => ({ ...b, amount: 'twenty' })],
    ['an amount as an object', (b: ReturnType<typeof platformSessionBody>) => ({ ...b, amount: { value: 20 } })],
    [
      'a missing return url',
      (b: ReturnType<typeof platformSessionBody>) => ({ ...b, order: { ...b.order, redirection: undefined } }),
    ],
    ['a javascript: hook', (b: ReturnType<typeof platformSessionBody>) => ({ ...b, hook: 'javascript:alert(1)' })],
    [
      'a quantity in words',
      (b: ReturnType<typeof platformSessionBody>) => ({
        ...b,
        order: { ...b.order, shipments: [{ item_lines: [{ quantity: 'one' }] }] },
      }),
    ],
  ])('refuse %s', async (_name, change) => {
    const body = change(platformSessionBody());
    expect((await post('V1CreateSessionApplication', body)).status).toBe(400);
    expect(matchesSchema(V1CreateSessionApplication, body, references)).toBe(false);
  });

  it('accept a phone as the shopper typed it (api/routes/v1/session-application.ts keeps it out of the session)', async () => {
    const body = platformSessionBody();
    const typed = { ...body, order: { ...body.order, customer: { billing_address: { phone: '06 12 34 56 78' } } } };
    expect((await post('V1CreateSessionApplication', typed)).status).toBe(200);
  });

  it('validate takes a non-empty array of solution applications', async () => {
    const entry = {
      partner: 'sandbox-card',
      method: 'creditcard',
      amount: '25.99',
      payment_data: { token: 'vft_x' },
      step_id: 's1',
    };
    expect((await post('V1ValidateSessionRequest', [entry])).status).toBe(200);
    expect((await post('V1ValidateSessionRequest', [])).status).toBe(400);
    expect((await post('V1ValidateSessionRequest', entry)).status).toBe(400);
  });

  it('an operation body needs an amount', async () => {
    expect(
      (await post('V1DefaultPaymentApplication', { amount: 10, order: { amount: '25.99', currency_code: 'EUR' } }))
        .status,
    ).toBe(200);
    expect((await post('V1DefaultPaymentApplication', { order: { amount: 10 } })).status).toBe(400);
  });
});

describe('v1 answers', () => {
  it('serialize declared fields only', async () => {
    const response = await app.inject({ method: 'GET', url: '/payment/v1/result' });
    expect(response.json()).toEqual(actionResult());
  });
});

describe('the v1 OpenAPI document', () => {
  it('marks every operation deprecated and names components after their V1 ids', async () => {
    const document = app.swagger() as {
      paths: Record<string, Record<string, { deprecated?: boolean; tags?: string[] }>>;
      components: { schemas: Record<string, unknown> };
    };
    const operations = Object.values(document.paths).flatMap((path) => Object.values(path));
    expect(operations.length).toBe(v1Schemas.length + 1);
    for (const operation of operations) {
      expect(operation.deprecated).toBe(true);
      expect(operation.tags).toEqual([V1_TAG]);
    }
    for (const schema of v1Schemas) expect(Object.keys(document.components.schemas)).toContain(idOf(schema));
    expect(v1Schemas.every((schema) => idOf(schema).startsWith('V1'))).toBe(true);
  });
});
