import { describe, expect, it } from 'vitest';
import { documentNullsAsAbsent, withNullableOptionals, withoutNulls } from './nulls-as-absent';

describe('withoutNulls', () => {
  it('drops null fields at any depth and keeps null array items, which validation then refuses', () => {
    expect(withoutNulls({ a: null, b: { c: null, d: 1 }, e: [null, { f: null }] })).toEqual({
      b: { d: 1 },
      e: [null, {}],
    });
  });
});

describe('withNullableOptionals', () => {
  it('lets optional properties take null, keeps required ones as they are, and reaches nested objects', () => {
    const schema = {
      type: 'object',
      required: ['number'],
      properties: {
        number: { type: 'string' },
        pin: { type: 'string', description: 'The PIN.' },
        attributes: { type: 'object', additionalProperties: { type: 'string' } },
        lines: { type: 'array', items: { type: 'object', properties: { sku: { type: 'string' } } } },
      },
    };
    expect(withNullableOptionals(schema)).toEqual({
      type: 'object',
      required: ['number'],
      properties: {
        number: { type: 'string' },
        pin: { description: 'The PIN.', anyOf: [{ type: 'string' }, { type: 'null' }] },
        attributes: {
          anyOf: [
            { type: 'object', additionalProperties: { anyOf: [{ type: 'string' }, { type: 'null' }] } },
            { type: 'null' },
          ],
        },
        lines: {
          anyOf: [
            {
              type: 'array',
              items: {
                type: 'object',
                properties: { sku: { anyOf: [{ type: 'string' }, { type: 'null' }] } },
              },
            },
            { type: 'null' },
          ],
        },
      },
    });
  });
});

describe('documentNullsAsAbsent', () => {
  const document = {
    paths: {
      '/payment/v1/{entity}/sessions/init': {
        post: {
          requestBody: {
            content: { 'application/json': { schema: { $ref: '#/components/schemas/V1Init' } } },
          },
        },
      },
      '/oauth/token': {
        post: {
          requestBody: {
            content: { 'application/json': { schema: { type: 'object', properties: { scope: { type: 'string' } } } } },
          },
        },
      },
    },
    components: {
      schemas: {
        V1Init: { type: 'object', properties: { card: { $ref: '#/components/schemas/V1Card' } } },
        V1Card: { type: 'object', required: [], properties: { pin: { type: 'string' } } },
        V1ApiError: { type: 'object', properties: { message: { type: 'string' } } },
      },
    },
  };

  it('changes the components v1 bodies use, directly or through others, and nothing else', () => {
    const documented = documentNullsAsAbsent(document);
    expect(documented.components.schemas.V1Card.properties.pin).toEqual({
      anyOf: [{ type: 'string' }, { type: 'null' }],
    });
    expect(documented.components.schemas.V1Init.properties.card).toEqual({
      anyOf: [{ $ref: '#/components/schemas/V1Card' }, { type: 'null' }],
    });
    expect(documented.components.schemas.V1ApiError).toEqual(document.components.schemas.V1ApiError);
    expect(documented.paths['/oauth/token']).toEqual(document.paths['/oauth/token']);
  });
});
