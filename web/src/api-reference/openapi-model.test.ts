import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isObject, OpenApiReadError, readOpenApiDocument, RefResolver } from './openapi-model';
import { constraintsOf, propertiesOf, resolveSchema, typeLabel } from './schema-display';

const fixture: unknown = JSON.parse(
  readFileSync(new URL('../../../test/e2e/docs/fixtures/v2.json', import.meta.url), 'utf8'),
);

describe('reading an OpenAPI 3.1 document', () => {
  const model = readOpenApiDocument(fixture);

  it('groups every operation by its first tag, in the document tag order', () => {
    expect(model.title).toBe('Tessera Orchestration API v2 (test fixture)');
    expect(model.groups.map((group) => [group.tag, group.operations.map((op) => `${op.method} ${op.path}`)])).toEqual([
      ['Client sessions', ['POST /v2/client-sessions', 'GET /v2/client-sessions/{id}']],
      ['Payments', ['POST /v2/payments/{id}/captures', 'GET /v2/legacy-lookup']],
    ]);
  });

  it('resolves $refs of parameters, request bodies and responses', () => {
    const [create, read] = model.groups[0]?.operations ?? [];
    expect(read?.parameters).toEqual([
      {
        name: 'id',
        in: 'path',
        required: true,
        deprecated: false,
        description: 'Client session id',
        schema: { type: 'string', format: 'uuid' },
      },
    ]);
    expect(create?.requestBody?.required).toBe(true);
    expect(
      create?.responses.map((response) => [response.status, response.description, response.contents[0]?.mediaType]),
    ).toEqual([
      ['200', 'The client session', 'application/json'],
      ['400', 'Invalid request', 'application/problem+json'],
    ]);
    expect(create?.security).toEqual([['oauth2']]);
    expect(read?.security).toBeNull();
    expect(model.defaultSecurity).toEqual([['oauth2']]);
  });

  it('describes security schemes and response headers', () => {
    expect(model.securitySchemes.map((scheme) => scheme.summary)).toEqual([
      'OAuth2 client credentials, token URL /oauth/token, scopes: payment-api, orchestration-api',
      'API key in header "x-api-key"',
    ]);
    const capture = model.groups[1]?.operations[0];
    expect(capture?.responses[0]?.headers.map((header) => header.name)).toEqual(['x-created-operation-id']);
    expect(model.groups[1]?.operations[1]?.deprecated).toBe(true);
  });

  it('refuses what is not an OpenAPI 3 document', () => {
    expect(() => readOpenApiDocument({ swagger: '2.0' })).toThrow(OpenApiReadError);
    expect(() => readOpenApiDocument([])).toThrow(/not a JSON object/);
  });
});

describe('schema display', () => {
  const root = isObject(fixture) ? fixture : {};
  const resolver = new RefResolver(root);
  const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

  it('labels types, unions, arrays and formats', () => {
    expect(typeLabel(ref('Payment'), resolver)).toBe('Payment');
    expect(typeLabel({ type: ['string', 'null'], format: 'uuid' }, resolver)).toBe('string (uuid) | null');
    expect(typeLabel({ type: 'array', items: ref('PaymentSolution') }, resolver)).toBe('array of PaymentSolution');
    expect(typeLabel({ oneOf: [{}, {}] }, resolver)).toBe('one of 2 types');
    expect(typeLabel(true, resolver)).toBe('any');
  });

  it('reads a choice between a schema and null as that schema, which may be null', () => {
    expect(typeLabel({ anyOf: [{ type: 'string' }, { type: 'null' }] }, resolver)).toBe('string | null');
    expect(typeLabel({ anyOf: [ref('Payment'), { type: 'null' }] }, resolver)).toBe('Payment | null');
    expect(typeLabel({ anyOf: [{ type: 'string' }, { type: 'integer' }] }, resolver)).toBe('any of 2 types');
    const nullablePayment = resolveSchema(
      { description: 'The payment, when known.', anyOf: [ref('Payment'), { type: 'null' }] },
      resolver,
      new Set(),
    );
    expect(nullablePayment.name).toBe('Payment');
    expect(isObject(nullablePayment.schema) && nullablePayment.schema.description).toBe('The payment, when known.');
    expect(isObject(nullablePayment.schema) && nullablePayment.schema.nullable).toBe(true);
  });

  it('resolves $refs and stops at cycles', () => {
    const payment = resolveSchema(ref('Payment'), resolver, new Set());
    expect(payment.name).toBe('Payment');
    expect(payment.cyclic).toBe(false);
    const again = resolveSchema(ref('Payment'), resolver, new Set(['#/components/schemas/Payment']));
    expect(again.cyclic).toBe(true);
    expect(resolveSchema({ $ref: '#/components/schemas/Nope' }, resolver, new Set()).schema).toEqual({
      description: 'Unresolved reference #/components/schemas/Nope',
    });
  });

  it('merges allOf properties and required lists', () => {
    const conflict = {
      allOf: [
        ref('Problem'),
        { type: 'object', properties: { resource_id: { type: 'string' } }, required: ['resource_id'] },
      ],
    };
    const props = propertiesOf(conflict, resolver, new Set());
    expect(props.map((p) => `${p.name}${p.required ? '*' : ''}`)).toEqual([
      'type*',
      'title*',
      'status*',
      'detail',
      'instance',
      'error',
      'errors',
      'resource_id*',
    ]);
  });

  it('lists constraints worth a line', () => {
    expect(constraintsOf({ type: 'integer', minimum: 1, default: 5, examples: [10] })).toEqual([
      '≥ 1',
      'default: 5',
      'example: 10',
    ]);
    expect(constraintsOf({ type: 'string', minLength: 1, maxLength: 255, pattern: '^a' })).toEqual([
      '1–255 characters',
      'pattern ^a',
    ]);
  });
});
