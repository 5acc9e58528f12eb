/**
 * The schemas as Fastify really uses them: Ajv (Fastify's default options) validates
 * bodies, fast-json-stringify serializes answers, @fastify/swagger turns them into
 * OpenAPI components. Guards against what TypeBox alone would not notice (an Ajv strict
 * mode keyword error, an unresolvable $ref, a component named def-3).
 */
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildLocalReference, idOf, Ref } from '../typebox';
import { walletSchemas } from '../wallet';
import { v2Schemas } from '.';

const allSchemas = [...v2Schemas, ...walletSchemas];
import { ClientSession, ClientSessionApplication } from './session';
import { createdClientSession, fullClientSessionApplication } from './testing/fixtures';
import { edit, REMOVE } from './testing/json-edit';

interface AjvError {
  instancePath: string;
  keyword: string;
}

let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify();
  await app.register(swagger, {
    openapi: { openapi: '3.1.0', info: { title: 'Tessera v2 (schema test)', version: '0' } },
    refResolver: { buildLocalReference },
  });
  for (const schema of allSchemas) app.addSchema(schema);
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    void reply.status(400).send({ validation: error.validation ?? [] });
  });
  // One echo route per schema: every schema must compile as a body and as an answer.
  for (const schema of allSchemas) {
    const id = idOf(schema);
    app.post(
      `/echo/${id}`,
      { schema: { body: Type.Ref(id), response: { 200: Type.Ref(id) } } },
      async (request) => request.body,
    );
  }
  app.get('/session', { schema: { response: { 200: Ref(ClientSession) } } }, async () => ({
    ...createdClientSession(),
    internal_secret: 'must not leak',
  }));
  await app.ready();
});

afterAll(async () => {
  await app.close();
});

async function post(id: string, payload: unknown) {
  const response = await app.inject({
    method: 'POST',
    url: `/echo/${id}`,
    payload: JSON.stringify(payload),
    headers: { 'content-type': 'application/json' },
  });
  return { status: response.statusCode, body: response.json<{ validation?: AjvError[] } & Record<string, unknown>>() };
}

describe('Fastify validation of ClientSessionApplication', () => {
  const valid = fullClientSessionApplication();

  it('accepts the realistic application and echoes it unchanged', async () => {
    const { status, body } = await post('ClientSessionApplication', valid);
    expect(status).toBe(200);
    expect(body).toEqual(valid);
  });

  it('fills in the documented defaults', async () => {
    const minimal = {
      entity_id: valid.entity_id,
      amount: 100,
      currency: 'EUR',
      order: { reference: 'A' },
      shopper_redirection_url: 'https://shop.example.com/return',
      webhook: { url: 'https://shop.example.com/hook' },
    };
    const { status, body } = await post('ClientSessionApplication', minimal);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      capture_mode: 'MANUAL',
      integration_mode: 'EMBEDDED',
      allow_future_usage: false,
      webhook: { event_types: ['PAYMENT'] },
    });
  });

  it.each<[string, unknown, string]>([
    ['/amount', 0, '/amount'],
    ['/currency', 'SEK', '/currency'],
    ['/order/reference', REMOVE, '/order'],
    ['/order/shipments/1/shipping_address/country_code', 'fr', '/order/shipments/1/shipping_address/country_code'],
    ['/order/shipments/0/item_lines/1/tax_amount', -1, '/order/shipments/0/item_lines/1/tax_amount'],
    ['/order/billing_address/mobile_phone_number', '06 12 34 56 78', '/order/billing_address/mobile_phone_number'],
    ['/shopper_redirection_url', 'javascript:alert(1)', '/shopper_redirection_url'],
    ['/webhook/headers/0/values', [], '/webhook/headers/0/values'],
    ['/customer/account/age_indicator', 'OLD', '/customer/account/age_indicator'],
  ])('a bad %s is reported at instancePath %s', async (at, value, instancePath) => {
    const { status, body } = await post('ClientSessionApplication', edit(valid, at, value));
    expect(status).toBe(400);
    expect(body.validation?.[0]?.instancePath).toBe(instancePath);
  });

  it('lets unknown fields through (forward compatibility)', async () => {
    const { status } = await post('ClientSessionApplication', { ...valid, future_field: 1 });
    expect(status).toBe(200);
  });
});

describe('Fastify serialization of ClientSession', () => {
  it('answers the declared fields only', async () => {
    const response = await app.inject({ method: 'GET', url: '/session' });
    expect(response.statusCode).toBe(200);
    const body = response.json<Record<string, unknown>>();
    expect(body).toEqual(createdClientSession());
    expect(body).not.toHaveProperty('internal_secret');
  });
});

describe('OpenAPI components', () => {
  it('names one component per registered schema, after its $id', () => {
    const document = app.swagger() as { components?: { schemas?: Record<string, unknown> } };
    const names = Object.keys(document.components?.schemas ?? {});
    expect(names.sort()).toEqual(allSchemas.map(idOf).sort());
    expect(names.some((name) => name.startsWith('def-'))).toBe(false);
  });

  it('references components instead of inlining them', () => {
    const document = app.swagger() as {
      paths: Record<string, { post?: { requestBody?: { content: Record<string, { schema: unknown }> } } }>;
    };
    const body =
      document.paths['/echo/ClientSessionApplication']?.post?.requestBody?.content['application/json']?.schema;
    expect(body).toEqual({ $ref: '#/components/schemas/ClientSessionApplication' });
    const text = JSON.stringify(document);
    expect(text).toContain('"$ref":"#/components/schemas/Order"');
    expect(text).toContain('"$ref":"#/components/schemas/ShippingAddress"');
  });

  it('carries descriptions, examples and defaults', () => {
    const document = app.swagger() as {
      components: { schemas: Record<string, { properties?: Record<string, Record<string, unknown>> }> };
    };
    const application = document.components.schemas[idOf(ClientSessionApplication)]?.properties ?? {};
    expect(application.capture_mode).toMatchObject({ enum: ['MANUAL', 'AUTOMATIC'], default: 'MANUAL' });
    expect(application.amount).toMatchObject({ type: 'integer', minimum: 1, examples: [2599] });
    expect(typeof application.shopper_redirection_url?.description).toBe('string');
  });
});
