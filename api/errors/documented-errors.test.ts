import { beforeAll, describe, expect, it } from 'vitest';
import { API_FAMILIES, servedOpenApiDocuments, type OpenApiDocument } from '../../scripts/openapi-documents';
import type { ApiFamily } from '../openapi';

interface Operation {
  family: ApiFamily;
  label: string;
  path: string;
  parameters?: Array<{ in: string }>;
  requestBody?: unknown;
  security?: unknown[];
  responses: Record<string, { content?: Record<string, unknown> }>;
}

let operations: Operation[];
beforeAll(async () => {
  const documents: Record<ApiFamily, OpenApiDocument> = await servedOpenApiDocuments();
  operations = API_FAMILIES.flatMap((family) =>
    Object.entries(documents[family].paths ?? {}).flatMap(([path, item]) =>
      Object.entries(item as Record<string, Omit<Operation, 'family' | 'label' | 'path'>>).map(
        ([method, operation]) => ({ ...operation, family, path, label: `${method.toUpperCase()} ${path}` }),
      ),
    ),
  );
}, 60_000);

const documented = (operation: Operation) => Object.keys(operation.responses).map(Number);

describe('error answers in the OpenAPI documents', () => {
  it('are each in the media type the API sends: problem+json for v2 and /oauth/token, ApiError JSON otherwise', () => {
    for (const operation of operations) {
      const expected =
        operation.family === 'v2' || operation.path === '/oauth/token'
          ? 'application/problem+json'
          : 'application/json';
      for (const [status, response] of Object.entries(operation.responses)) {
        if (Number(status) < 400) continue;
        const mediaTypes = Object.keys(response.content ?? {});
        expect(mediaTypes, `${operation.family} ${operation.label} ${status}`).toEqual([expected]);
      }
    }
  });

  it('include what any call of that shape can answer: 400, 413 and 415 with a body, 404 and 414 with path ids', () => {
    const missing = operations.flatMap((operation) => {
      const expected = [
        ...(operation.requestBody ? [400, 413, 415] : []),
        ...(operation.parameters?.some((parameter) => parameter.in === 'path') ? [400, 404, 414] : []),
        ...(operation.security && operation.security.length > 0 ? [401] : []),
      ];
      const statuses = documented(operation);
      return expected.filter((status) => !statuses.includes(status)).map((status) => `${operation.label} ${status}`);
    });
    expect(missing).toEqual([]);
  });

  it('include the token endpoint’s own refusals: 400 for the grant, 401 for the client, 429 past the limit', () => {
    const token = operations.filter((operation) => operation.path === '/oauth/token');
    expect(token).toHaveLength(API_FAMILIES.length);
    for (const operation of token) expect(documented(operation)).toEqual(expect.arrayContaining([400, 401, 429]));
  });

  it('include 503 wherever a call waits on the payment engine', () => {
    const engineCalls = operations.filter((operation) =>
      /^\/(v2\/(client-sessions|payments)|payment\/v1\/\{entity\}\/(sessions|transactions|orders))/.test(
        operation.path,
      ),
    );
    expect(engineCalls.length).toBeGreaterThan(10);
    for (const operation of engineCalls) expect(documented(operation), operation.label).toContain(503);
  });
});
