// A submission's answer carries the session and its payment; the api writes both rows of the read
// model in one statement (db/projections.ts) before it answers, so what the shopper's page and the
// merchant read next from the read model is what the submission answered.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedMerchant } from '../../db/merchants';
import {
  readClientSessionProjection,
  readPaymentProjection,
  saveSessionAndPaymentProjections,
} from '../../db/projections';
import { call, sessionApplication } from '../support/api-client';
import { vaultCard } from '../support/payments';
import { startStack, type Stack } from '../support/stack';

let stack: Stack;
let merchant: CreatedMerchant;
let token: string;

beforeAll(async () => {
  stack = await startStack();
  merchant = await stack.createMerchant('Submission read model shop');
  token = await stack.accessToken(merchant);
});
afterAll(async () => stack?.close());

async function submittedSession() {
  const session = await call(stack.baseUrl, 'POST', '/v2/client-sessions', {
    token,
    body: sessionApplication(merchant.entity_id),
  });
  expect(session.status).toBe(201);
  const submitted = await call(stack.baseUrl, 'POST', `/checkout/v1/sessions/${session.body.id}/payments`, {
    apiKey: merchant.publishable_key,
    body: {
      split: [
        {
          amount: session.body.amount,
          partner: 'sandbox-card',
          method: 'creditcard',
          vault_form_token: await vaultCard(stack, merchant, '4242424242424242'),
        },
      ],
    },
  });
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(201);
  return submitted.body as { session: { id: string }; payment: { id: string; version: number } };
}

const transactionRows = (paymentId: string) =>
  stack.sql<{ kind: string; status: string; payment_version: number }[]>`
    select kind, status, payment_version from payment_transactions where payment_id = ${paymentId} order by kind`;

describe("a submission's read model", () => {
  it('holds the session SUBMITTED with its payment, the payment and its report rows, once the answer is out', async () => {
    const submitted = await submittedSession();
    const key = stack.config.encryptionKey;

    const session = await readClientSessionProjection(stack.sql, key, submitted.session.id);
    expect(session).toMatchObject({ status: 'SUBMITTED', payment_id: submitted.payment.id });
    const payment = await readPaymentProjection(stack.sql, key, submitted.payment.id);
    expect(payment?.payment).toMatchObject({ authorization: { status: 'AUTHORIZED' } });
    expect(payment!.payment.version).toBe(submitted.payment.version);
    const rows = await transactionRows(submitted.payment.id);
    expect(rows).toEqual([{ kind: 'authorization', status: 'AUTHORIZED', payment_version: submitted.payment.version }]);

    const cached = await call(stack.baseUrl, 'GET', `/v2/payments/${submitted.payment.id}`, {
      token,
      headers: { 'cache-control': 'max-age=600' },
    });
    expect(cached.status).toBe(200);
    expect(cached.body.version).toBe(submitted.payment.version);
  });

  it('moves each of the two rows only to a higher version, whichever of them the write carries newer', async () => {
    const submitted = await submittedSession();
    const key = stack.config.encryptionKey;
    const session = (await readClientSessionProjection(stack.sql, key, submitted.session.id))!;
    const payment = (await readPaymentProjection(stack.sql, key, submitted.payment.id))!.payment;

    // A late write: an older session beside a newer payment, then the other way round.
    await saveSessionAndPaymentProjections(
      stack.sql,
      key,
      { ...session, version: session.version - 1, status: 'CHOICE_IN_PROGRESS' },
      { ...payment, version: payment.version + 1 },
    );
    expect(await readClientSessionProjection(stack.sql, key, session.id)).toEqual(session);
    expect((await readPaymentProjection(stack.sql, key, payment.id))!.payment.version).toBe(payment.version + 1);
    expect((await transactionRows(payment.id)).map((row) => row.payment_version)).toEqual([payment.version + 1]);

    await saveSessionAndPaymentProjections(
      stack.sql,
      key,
      { ...session, version: session.version + 1 },
      { ...payment, order_reference: 'a-late-write' },
    );
    expect((await readClientSessionProjection(stack.sql, key, session.id))!.version).toBe(session.version + 1);
    const kept = (await readPaymentProjection(stack.sql, key, payment.id))!.payment;
    expect(kept.version).toBe(payment.version + 1);
    expect(kept.order_reference).toBe(payment.order_reference);
    expect((await transactionRows(payment.id)).map((row) => row.payment_version)).toEqual([payment.version + 1]);
  });
});
