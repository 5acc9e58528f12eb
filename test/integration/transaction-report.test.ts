// GET /v2/reports/transactions against real payments on a whole stack and real PostgreSQL: one row
// per partner transaction, filters, keyset pages that stay put while rows are added, CSV as a
// spreadsheet reads it, and another entity's rows never shown.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemaErrors } from '../../api/schemas/check';
import { REPORT_TRANSACTION_COLUMNS, ReportTransactionPage } from '../../api/schemas/v2';
import type { CreatedMerchant } from '../../db/merchants';
import { completeTransactionReport } from '../../db/projections';
import { parseCsv } from '../../domain/csv';
import { call, eventually } from '../support/api-client';
import { cardPayment, vaultCard } from '../support/payments';
import { startStack, type Stack } from '../support/stack';

let stack: Stack;
let merchant: CreatedMerchant;
let token: string;
/** The payments made for the report, by what they show. */
const made: Record<'operated' | 'refused' | 'compensated' | 'formula', any> = {} as never;
const FORMULA_REFERENCE = '=HYPERLINK("http://evil.example","x"),1\nsecond line';

const api = (path: string, headers: Record<string, string> = {}) =>
  call(stack.baseUrl, 'GET', path, { token, headers });
const post = (path: string, body: unknown) => call(stack.baseUrl, 'POST', path, { token, body });
const csvOf = async (path: string) => {
  const response = await fetch(`${stack.baseUrl}${path}`, {
    headers: { authorization: `Bearer ${token}`, accept: 'text/csv' },
  });
  return { response, records: parseCsv(await response.text()) };
};

async function allRows(query = ''): Promise<any[]> {
  const answer = await api(`/v2/reports/transactions?limit=1000${query}`);
  expect(answer.status).toBe(200);
  expect(answer.body.next_cursor).toBeNull();
  return answer.body.items;
}

beforeAll(async () => {
  stack = await startStack();
  merchant = await stack.createMerchant('Reporting shop');
  token = await stack.accessToken(merchant);

  const card = (number: string) => vaultCard(stack, merchant, number);
  made.operated = (
    await post('/v2/payments', cardPayment(merchant.entity_id, await card('4242424242424242'), { amount: 5000 }))
  ).body;
  expect((await post(`/v2/payments/${made.operated.id}/captures`, { amount: 3000 })).status).toBe(201);
  expect((await post(`/v2/payments/${made.operated.id}/refunds`, { amount: 1200 })).status).toBe(201);
  expect((await post(`/v2/payments/${made.operated.id}/voids`, { amount: 2000 })).status).toBe(201);
  made.refused = (await post('/v2/payments', cardPayment(merchant.entity_id, await card('4000000000009995')))).body;
  expect(made.refused.authorization.status).toBe('REFUSED');
  const giftCard = await call(stack.baseUrl, 'POST', '/v2/vault/gift-cards', {
    apiKey: merchant.api_key,
    body: { number: '6036280000000001', pin: '1234' },
  });
  made.compensated = (
    await post('/v2/payments', {
      entity_id: merchant.entity_id,
      amount: 8000,
      currency: 'EUR',
      order: { reference: 'ORDER-COMPENSATED' },
      shopper_redirection_url: 'https://shop.example/return',
      split: [
        {
          amount: 5000,
          partner: 'sandbox-giftcard',
          method: 'giftcard',
          vault_form_token: giftCard.body.vault_form_token,
        },
        {
          amount: 3000,
          partner: 'sandbox-card',
          method: 'creditcard',
          vault_form_token: await card('4000000000000002'),
        },
      ],
    })
  ).body;
  made.formula = (
    await post(
      '/v2/payments',
      cardPayment(merchant.entity_id, await card('5555555555554444'), {
        amount: 1999,
        order: { reference: FORMULA_REFERENCE, net_amount: 1999 },
      }),
    )
  ).body;
  // The compensating void is written by the workflow, once nobody is waiting on it.
  await eventually(
    async () => ((await allRows(`&payment_id=${made.compensated.id}&type=VOID`)).length === 1 ? true : undefined),
    { what: 'the compensation in the report', timeoutMs: 30_000, intervalMs: 250 },
  );
  // Another entity's payment, which the report never shows.
  const other = await stack.createMerchant('Other shop');
  const otherToken = await stack.accessToken(other);
  await call(stack.baseUrl, 'POST', '/v2/payments', {
    token: otherToken,
    body: cardPayment(other.entity_id, await vaultCard(stack, other, '4242424242424242')),
  });
}, 180_000);
afterAll(async () => stack?.close());

describe('the rows', () => {
  it('are one per partner transaction, with what a finance team reconciles', async () => {
    const rows = await allRows(`&payment_id=${made.operated.id}`);
    expect(schemaErrors(ReportTransactionPage, { items: rows, next_cursor: null })).toEqual([]);
    const authorization = made.operated.authorization.partner_transactions[0];
    expect(rows.map((row) => [row.type, row.status, row.amount, row.processed_amount])).toEqual([
      ['AUTHORIZATION', 'AUTHORIZED', 5000, 5000],
      ['CAPTURE', 'SUCCESS', 3000, 3000],
      ['REFUND', 'SUCCESS', 1200, 1200],
      ['VOID', 'SUCCESS', 2000, 2000],
    ]);
    for (const row of rows) {
      expect(row).toMatchObject({
        payment_id: made.operated.id,
        entity_id: merchant.entity_id,
        order_reference: made.operated.order_reference,
        partner: 'sandbox-card',
        method: 'creditcard',
        currency: 'EUR',
      });
      expect(row.partner_reference).toMatch(/^(auth|cap|rfd|void)_/);
    }
    expect(rows[0]).toMatchObject({
      id: authorization.id,
      operation_id: null,
      authorization_id: null,
      triggered_by: null,
    });
    expect(rows.slice(1).map((row) => [row.authorization_id, row.triggered_by])).toEqual([
      [authorization.id, 'MERCHANT'],
      [authorization.id, 'MERCHANT'],
      [authorization.id, 'MERCHANT'],
    ]);
  });

  it('say why an authorization was refused, and show a compensation as the orchestrator’s', async () => {
    expect(await allRows(`&payment_id=${made.refused.id}`)).toEqual([
      expect.objectContaining({
        type: 'AUTHORIZATION',
        status: 'REFUSED',
        reason: 'INSUFFICIENT_FUNDS',
        processed_amount: 0,
      }),
    ]);
    const compensation = await allRows(`&payment_id=${made.compensated.id}`);
    // The legs are authorized at once: their rows may come in either order, the void after both.
    expect(compensation.at(-1).type).toBe('VOID');
    const byLeg = (row: any) => `${row.type} ${row.partner}`;
    compensation.sort((a, b) => byLeg(a).localeCompare(byLeg(b)));
    expect(compensation.map((row) => [row.type, row.partner, row.status, row.triggered_by])).toEqual([
      ['AUTHORIZATION', 'sandbox-card', 'REFUSED', null],
      ['AUTHORIZATION', 'sandbox-giftcard', 'AUTHORIZED', null],
      ['VOID', 'sandbox-giftcard', 'SUCCESS', 'ORCHESTRATOR'],
    ]);
  });

  it('are the entity’s own: no other entity’s, and another entity_id is refused', async () => {
    const rows = await allRows();
    expect(new Set(rows.map((row) => row.entity_id))).toEqual(new Set([merchant.entity_id]));
    expect(new Set(rows.map((row) => row.payment_id)).size).toBe(4);
    expect((await api(`/v2/reports/transactions?entity_id=${merchant.entity_id}`)).status).toBe(200);
    const forbidden = await api(`/v2/reports/transactions?entity_id=${randomUUID()}`);
    expect(forbidden.status).toBe(403);
  });
});

describe('the filters', () => {
  it('select by type, status, partner, method, order reference and payment', async () => {
    expect((await allRows('&type=CAPTURE,REFUND')).map((row) => row.type).sort()).toEqual(['CAPTURE', 'REFUND']);
    expect((await allRows('&status=REFUSED')).map((row) => row.payment_id).sort()).toEqual(
      [made.refused.id, made.compensated.id].sort(),
    );
    expect((await allRows('&partner=sandbox-giftcard')).map((row) => row.type)).toEqual(['AUTHORIZATION', 'VOID']);
    expect((await allRows('&method=giftcard,creditcard')).length).toBe((await allRows()).length);
    const byReference = await allRows(`&order_reference=${encodeURIComponent(FORMULA_REFERENCE)}`);
    expect(byReference.map((row) => row.payment_id)).toEqual([made.formula.id]);
  });

  it('select by when rows were created or last changed', async () => {
    const rows = await allRows();
    const void_ = rows.find((row) => row.payment_id === made.operated.id && row.type === 'VOID');
    const from = encodeURIComponent(void_.created_at);
    const after = await allRows(`&created_from=${from}`);
    expect(after.every((row) => row.created_at >= void_.created_at)).toBe(true);
    expect(after.map((row) => row.id)).toContain(void_.id);
    const before = await allRows(`&created_to=${from}`);
    expect(before.length + after.length).toBe(rows.length);
    const changed = await allRows(
      `&updated_from=${from}&updated_to=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`,
    );
    expect(changed.every((row) => row.updated_at >= void_.created_at)).toBe(true);
    expect((await allRows('&created_to=2000-01-01T00:00:00Z')).length).toBe(0);
  });

  it('refuse what cannot be read, naming the parameter', async () => {
    const backwards = await api(
      '/v2/reports/transactions?created_from=2026-05-02T00:00:00Z&created_to=2026-05-01T00:00:00Z',
    );
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors).toEqual([expect.objectContaining({ pointer: '/querystring/created_to' })]);
    for (const query of [
      'status=PAID',
      'type=CAPTURE,',
      'limit=0',
      'limit=10001',
      'created_from=yesterday',
      'cursor=abc',
    ]) {
      const answer = await api(`/v2/reports/transactions?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.headers.get('content-type')).toContain('application/problem+json');
    }
  });
});

describe('pagination', () => {
  async function walk(query: string, between?: (page: number) => Promise<void>): Promise<any[]> {
    const seen: any[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 50; page += 1) {
      const answer = await api(`/v2/reports/transactions?limit=3${query}${cursor ? `&cursor=${cursor}` : ''}`);
      expect(answer.status).toBe(200);
      seen.push(...answer.body.items);
      cursor = answer.body.next_cursor;
      if (cursor) expect(answer.headers.get('link')).toContain(`cursor=${cursor}`);
      if (!cursor) return seen;
      await between?.(page);
    }
    throw new Error('more than 50 pages');
  }

  it('reads every row once, oldest first', async () => {
    const everything = await allRows();
    const paged = await walk('');
    expect(paged.map((row) => row.id)).toEqual(everything.map((row) => row.id));
    const order = paged.map((row) => `${row.created_at}|${row.id}`);
    expect([...order].sort()).toEqual(order);
  });

  it('stays put while rows are added: none of the rows there at the start is skipped or read twice', async () => {
    const before = await allRows();
    const late = { id: randomUUID(), at: before[0].created_at };
    const paged = await walk('', async (page) => {
      if (page === 0) {
        // A new payment (rows after every cursor), and a row written late with an old creation
        // time (before the cursor): the walk neither shifts nor repeats.
        await post(
          '/v2/payments',
          cardPayment(merchant.entity_id, await vaultCard(stack, merchant, '4242424242424242')),
        );
        await stack.sql`
          insert into payment_transactions (transaction_id, payment_id, entity_id, kind, order_reference, partner, method,
            amount, processed_amount, currency, status, created_at, updated_at)
          values (${late.id}, ${before[0].payment_id}, ${merchant.entity_id}, 'capture', 'late', 'sandbox-card',
            'creditcard', 1, 1, 'EUR', 'SUCCESS', ${late.at}, ${late.at})`;
      }
    });
    const ids = paged.map((row) => row.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining(before.map((row) => row.id)));
    expect(ids).not.toContain(late.id);
    await stack.sql`delete from payment_transactions where transaction_id = ${late.id}`;
  });
});

describe('the CSV download', () => {
  it('has a header of the documented columns and one record per row, with the JSON’s values', async () => {
    const { response, records } = await csvOf('/v2/reports/transactions');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toContain('attachment');
    const [header, ...lines] = records;
    expect(header).toEqual(REPORT_TRANSACTION_COLUMNS);
    const rows = await allRows();
    expect(lines).toHaveLength(rows.length);
    lines.forEach((line, index) => {
      const row = rows[index];
      for (const [at, column] of REPORT_TRANSACTION_COLUMNS.entries()) {
        const value = row[column];
        if (column === 'order_reference' && String(value).startsWith('=')) continue;
        expect(line[at], `${column} of row ${index}`).toBe(value === null ? '' : String(value));
      }
    });
  });

  it('quotes what needs quoting and keeps a spreadsheet from running a reference as a formula', async () => {
    const { response, records } = await csvOf(`/v2/reports/transactions?payment_id=${made.formula.id}`);
    const raw = await (
      await fetch(`${stack.baseUrl}/v2/reports/transactions?payment_id=${made.formula.id}`, {
        headers: { authorization: `Bearer ${token}`, accept: 'text/csv' },
      })
    ).text();
    expect(response.status).toBe(200);
    expect(raw).toContain(`"'=HYPERLINK(""http://evil.example"",""x""),1\nsecond line"`);
    expect(raw.endsWith('\r\n')).toBe(true);
    expect(records[1]![REPORT_TRANSACTION_COLUMNS.indexOf('order_reference')]).toBe(`'${FORMULA_REFERENCE}`);
  });

  it('comes in pages when given a limit, each naming the next', async () => {
    const all = (await csvOf('/v2/reports/transactions')).records.slice(1);
    const pages: string[][] = [];
    let path: string | null = '/v2/reports/transactions?limit=4';
    for (let page = 0; path && page < 20; page += 1) {
      const answer: Response = await fetch(`${stack.baseUrl}${path}`, {
        headers: { authorization: `Bearer ${token}`, accept: 'text/csv' },
      });
      pages.push(...parseCsv(await answer.text()).slice(1));
      const next: string | null = answer.headers.get('x-next-cursor');
      expect(Boolean(answer.headers.get('link'))).toBe(Boolean(next));
      path = next ? `/v2/reports/transactions?limit=4&cursor=${next}` : null;
    }
    expect(pages).toEqual(all);
  });

  it('is JSON unless CSV is preferred', async () => {
    const answer = await api('/v2/reports/transactions?limit=1', { accept: 'application/json, text/csv;q=0.5' });
    expect(answer.headers.get('content-type')).toContain('application/json');
    expect(answer.body.items).toHaveLength(1);
  });
});

describe('the report routes', () => {
  it('refuse a request without credentials (401) and a token without the orchestration-api scope (403)', async () => {
    const paymentOnly = await stack.accessToken(merchant, 'payment-api');
    const routes: [string, string, unknown?][] = [
      ['GET', '/v2/reports/transactions'],
      ['GET', '/v2/reports/settlements'],
      ['GET', `/v2/reports/settlements/${randomUUID()}`],
      ['GET', '/v2/reports/webhook'],
      ['PUT', '/v2/reports/webhook', { url: 'https://finance.shop.example/hooks' }],
      ['DELETE', '/v2/reports/webhook'],
      ['POST', `/v2/payments/${made.operated.id}/disputes/${randomUUID()}/evidence`, { text: 'Delivered.' }],
    ];
    for (const [method, path, body] of routes) {
      const anonymous = await call(stack.baseUrl, method, path, body === undefined ? {} : { body });
      expect(anonymous.status, `${method} ${path}`).toBe(401);
      const narrow = await call(stack.baseUrl, method, path, {
        token: paymentOnly,
        ...(body === undefined ? {} : { body }),
      });
      expect(narrow.status, `${method} ${path}`).toBe(403);
    }
  });
});

describe('rows recorded before the report', () => {
  it('get every column from their payment’s sealed document at the api’s start', async () => {
    const before = await allRows(`&payment_id=${made.operated.id}`);
    // As db/migrations/014_reports.sql leaves a row recorded by an earlier release: its ids only.
    await stack.sql`
      update payment_transactions set operation_id = null, authorization_id = null, triggered_by = null,
        order_reference = '', partner = '', method = '', partner_reference = null, amount = 0, processed_amount = 0,
        currency = '', status = '', reason = null, partner_status = null, partner_status_description = null,
        created_at = date_trunc('milliseconds', now()), updated_at = date_trunc('milliseconds', now()),
        payment_version = 0
      where payment_id = ${made.operated.id}`;
    expect((await allRows(`&payment_id=${made.operated.id}`)).map((row) => row.status)).toEqual(['', '', '', '']);

    expect(await completeTransactionReport(stack.sql, stack.config.encryptionKey, 1)).toBeGreaterThanOrEqual(1);
    expect(await allRows(`&payment_id=${made.operated.id}`)).toEqual(before);
    expect(await completeTransactionReport(stack.sql, stack.config.encryptionKey)).toBe(0);
  });
});
