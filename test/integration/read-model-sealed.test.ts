// The read model keeps its documents sealed (db/projections.ts): what the merchant sent about the
// customer is in no column in clear, reads give it back, and rows written before are sealed at start.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedMerchant } from '../../db/merchants';
import { readClientSessionProjection, readPaymentProjection, sealClearProjections } from '../../db/projections';
import { call, sessionApplication } from '../support/api-client';
import { cardPayment, vaultCard } from '../support/payments';
import { startStack, type Stack } from '../support/stack';

let stack: Stack;
let merchant: CreatedMerchant;
let token: string;
const email = `sealed.${randomBytes(4).toString('hex')}@example.org`;

beforeAll(async () => {
  stack = await startStack();
  merchant = await stack.createMerchant('Sealed shop');
  token = await stack.accessToken(merchant);
});
afterAll(async () => stack?.close());

describe('the read model', () => {
  it('stores sessions and payments sealed, and answers them in clear to their merchant', async () => {
    const session = await call(stack.baseUrl, 'POST', '/v2/client-sessions', {
      token,
      body: sessionApplication(merchant.entity_id, { customer: { email } }),
    });
    expect(session.status).toBe(201);
    const payment = await call(stack.baseUrl, 'POST', '/v2/payments', {
      token,
      body: cardPayment(merchant.entity_id, await vaultCard(stack, merchant, '4242424242424242'), {
        customer: { email },
      }),
    });
    expect(payment.status, JSON.stringify(payment.body)).toBe(201);

    for (const table of ['client_session_projections', 'payment_projections'] as const) {
      const rows = await stack.sql<{ row: string; body: unknown; sealed_body: string | null }[]>`
        select row_to_json(t)::text as row, body, sealed_body from ${stack.sql(table)} t
        where entity_id = ${merchant.entity_id}`;
      expect(rows.length, table).toBeGreaterThan(0);
      for (const row of rows) {
        expect(row.body).toBeNull();
        expect(row.sealed_body).toMatch(/^v1\./);
        expect(row.row).not.toContain(email);
      }
    }
    const cached = await call(stack.baseUrl, 'GET', `/v2/payments/${payment.body.id}`, {
      token,
      headers: { 'cache-control': 'max-age=600' },
    });
    expect(cached.status).toBe(200);
    expect(cached.body.version).toBe(payment.body.version);
    expect(
      (await call(stack.baseUrl, 'GET', `/v2/client-sessions/${session.body.id}`, { token })).body.customer,
    ).toEqual({ email });
  });

  it('seals the rows an older release wrote in clear, a batch at a time', async () => {
    const session = await call(stack.baseUrl, 'POST', '/v2/client-sessions', {
      token,
      body: sessionApplication(merchant.entity_id, { customer: { email } }),
    });
    const payment = await call(stack.baseUrl, 'POST', '/v2/payments', {
      token,
      body: cardPayment(merchant.entity_id, await vaultCard(stack, merchant, '4242424242424242')),
    });
    const key = stack.config.encryptionKey;
    const sessionDocument = await readClientSessionProjection(stack.sql, key, session.body.id);
    const paymentDocument = (await readPaymentProjection(stack.sql, key, payment.body.id))!.payment;
    // As an older release wrote them: the document in clear.
    await stack.sql`update client_session_projections set body = ${stack.sql.json(JSON.parse(JSON.stringify(sessionDocument)))}, sealed_body = null where id = ${session.body.id}`;
    await stack.sql`update payment_projections set body = ${stack.sql.json(JSON.parse(JSON.stringify(paymentDocument)))}, sealed_body = null where id = ${payment.body.id}`;
    expect(await readClientSessionProjection(stack.sql, key, session.body.id)).toEqual(sessionDocument);

    expect(await sealClearProjections(stack.sql, key, 1)).toBeGreaterThanOrEqual(2);
    const [left] = await stack.sql`
      select (select count(*) from client_session_projections where body is not null)::int
           + (select count(*) from payment_projections where body is not null)::int as n`;
    expect(left!.n).toBe(0);
    expect(await readClientSessionProjection(stack.sql, key, session.body.id)).toEqual(sessionDocument);
    expect((await readPaymentProjection(stack.sql, key, payment.body.id))!.payment).toEqual(paymentDocument);
    expect(await sealClearProjections(stack.sql, key)).toBe(0);
  });
});
