import { describe, expect, it } from 'vitest';
import { servedOpenApiDocuments } from './openapi-documents';

describe('the v2 OpenAPI document', () => {
  it('documents the reports, the dispute evidence and the webhooks they send', async () => {
    const { v2 } = await servedOpenApiDocuments();
    const paths = v2.paths as Record<string, Record<string, unknown>>;
    expect(Object.keys(paths['/v2/reports/transactions']!)).toContain('get');
    expect(Object.keys(paths['/v2/reports/settlements']!)).toContain('get');
    expect(Object.keys(paths['/v2/reports/settlements/{id}']!)).toContain('get');
    expect(Object.keys(paths['/v2/reports/webhook']!).sort()).toEqual(expect.arrayContaining(['delete', 'get', 'put']));
    expect(Object.keys(paths['/v2/payments/{id}/disputes/{dispute_id}/evidence']!)).toContain('post');
    const webhooks = v2.webhooks as Record<string, { post: { description: string } }>;
    expect(Object.keys(webhooks).sort()).toEqual(['dispute', 'event', 'settlement']);
    expect(webhooks.dispute!.post.description).toContain('DISPUTE_OPENED');
    expect(webhooks.settlement!.post.description).toContain('SETTLEMENT_COMPLETED');
    const events = JSON.stringify((v2.components as { schemas: Record<string, unknown> }).schemas.WebhookEvent);
    for (const type of ['DISPUTE_OPENED', 'DISPUTE_UPDATED', 'DISPUTE_CLOSED', 'SETTLEMENT_COMPLETED'])
      expect(events).toContain(type);
    // It builds the whole api to read what it serves: about 4 s alone, more on a busy machine.
  }, 30_000);
});

describe('every OpenAPI document', () => {
  it('lists 400 on every operation: text that is not Unicode, in any path or query, is refused before the route runs', async () => {
    const documents = await servedOpenApiDocuments();
    const without400 = Object.entries(documents).flatMap(([name, document]) =>
      Object.entries(document.paths as Record<string, Record<string, { responses?: Record<string, unknown> }>>).flatMap(
        ([path, operations]) =>
          Object.entries(operations).flatMap(([method, operation]) =>
            operation.responses && !('400' in operation.responses) ? [`${name} ${method} ${path}`] : [],
          ),
      ),
    );
    expect(without400).toEqual([]);
  }, 30_000);
});
