// The sandbox partner network on a database (partners/sandbox-network/ledger-store.ts): stopped and
// started again, it still knows its transactions, answers a retried key with the first answer,
// keeps gift card balances and saved card tokens, and lets the lender decide what it was reviewing.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandboxNetwork, type SandboxNetwork } from '../../partners/sandbox-network/server';
import { startNotificationReceiver, submitPage } from '../../partners/sandbox-network/testing';
import { createTestDatabase, providedInfrastructure } from '../support/stack';

let databaseUrl: string;
let network: SandboxNetwork | undefined;

beforeAll(async () => {
  databaseUrl = await createTestDatabase(providedInfrastructure(), { migrated: false });
});
afterAll(async () => network?.close());

const secret = 'persistence-test-secret';
const start = () =>
  startSandboxNetwork({ databaseUrl, notify: { secret, retryDelayMs: 50 }, instalmentDecisionMs: 2_000 });
async function restart(): Promise<SandboxNetwork> {
  await network?.close();
  network = await start();
  return network;
}

async function post(path: string, body: unknown, key?: string) {
  const response = await fetch(`${network!.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}) },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    replayed: response.headers.get('idempotent-replayed'),
    body: await response.json(),
  };
}
const get = async (path: string) => {
  const response = await fetch(`${network!.url}${path}`);
  return { status: response.status, body: await response.json() };
};
const card = (number: string) => ({ number, expiry_month: '12', expiry_year: '2034', cvv: '123' });

describe('the sandbox partner network on a database', () => {
  it('remembers transactions, keys, balances and tokens across a restart', async () => {
    await restart();
    const authKey = `payment/${randomUUID()}/auth/1`;
    const authorizeBody = {
      method: 'creditcard',
      amount: 4_200,
      currency: 'EUR',
      card: card('4242424242424242'),
      save_card: true,
    };
    const authorization = await post('/v1/sandbox-card/authorizations', authorizeBody, authKey);
    expect(authorization.status).toBe(201);
    const reference: string = authorization.body.reference;
    const capture = await post(
      `/v1/authorizations/${reference}/captures`,
      { amount: 1_000, currency: 'EUR' },
      `${authKey}/capture`,
    );
    expect(capture.body.status).toBe('SUCCESS');
    const gift = await post(
      '/v1/sandbox-giftcard/authorizations',
      { method: 'giftcard', amount: 1_500, currency: 'EUR', giftcard: { number: '6036280000000001' } },
      `${authKey}/gift`,
    );
    expect(gift.body.status).toBe('AUTHORIZED');
    const uncertain = await post(
      '/v1/sandbox-card/authorizations',
      { method: 'creditcard', amount: 900, currency: 'EUR', card: card('4000000000000119') },
      `${authKey}/uncertain`,
    );
    expect(uncertain.body.status).toBe('UNCERTAIN');
    const ledgerBefore = (await get('/ledger')).body.entries;

    await restart();

    // The ledger, line for line.
    expect((await get('/ledger')).body.entries).toEqual(ledgerBefore);
    // The transaction is still there, with what was captured on it.
    const read = await get(`/v1/transactions/${reference}`);
    expect(read.status).toBe(200);
    expect(read.body.amounts).toMatchObject({ authorized: 4_200, captured: 1_000, available_to_capture: 3_200 });
    // A retry of a key answered before the restart gets that answer, and adds nothing.
    const retried = await post('/v1/sandbox-card/authorizations', authorizeBody, authKey);
    expect(retried.replayed).toBe('true');
    expect(retried.body.reference).toBe(reference);
    // The same key with another body is still refused.
    expect((await post('/v1/sandbox-card/authorizations', { ...authorizeBody, amount: 1 }, authKey)).status).toBe(422);
    expect((await get(`/ledger?idempotency_key=${encodeURIComponent(authKey)}`)).body.entries).toHaveLength(1);
    // The gift card balance still holds the 15.00.
    const balance = await post('/v1/sandbox-giftcard/balance', { number: '6036280000000001' });
    expect(balance.body).toMatchObject({ balance: 3_500, held: 1_500 });
    // The saved card token still pays.
    const withToken = await post(
      '/v1/sandbox-card/authorizations',
      { method: 'creditcard', amount: 700, currency: 'EUR', card_token: authorization.body.token },
      `${authKey}/token`,
    );
    expect(withToken.body.status).toBe('AUTHORIZED');
    // The uncertain authorization made before the restart settles at the first status read.
    expect((await get(`/v1/transactions/${uncertain.body.reference}`)).body.status).toBe('AUTHORIZED');
    // New ledger lines follow the old ones.
    const seqs = (await get('/ledger')).body.entries.map((entry: { seq: number }) => entry.seq);
    expect(seqs).toEqual(seqs.map((_: number, index: number) => index + 1));
  });

  it('decides an application under review after a restart, and delivers its notification', async () => {
    await restart();
    const receiver = await startNotificationReceiver();
    try {
      const applied = await post(
        '/v1/sandbox-instalments/authorizations',
        {
          method: '3x',
          amount: 12_000,
          currency: 'EUR',
          notification_url: receiver.url,
          customer: { email: 'camille@example.com' },
        },
        `payment/${randomUUID()}/auth/1`,
      );
      expect(applied.body).toMatchObject({ status: 'PENDING' });
      await submitPage(applied.body.redirection.href, 'apply');
      // Stopped before the lender's decision (2 s): the new process must make it.
      await restart();
      const [delivered] = await receiver.waitForDelivered(1, 10_000);
      expect(JSON.parse(delivered!.body).authorization).toMatchObject({
        reference: applied.body.reference,
        status: 'AUTHORIZED',
      });
      expect((await get(`/v1/transactions/${applied.body.reference}`)).body.status).toBe('AUTHORIZED');
    } finally {
      await receiver.close();
    }
  });

  it('POST /admin/reset forgets the books on disk too', async () => {
    await restart();
    expect((await get('/ledger')).body.count).toBeGreaterThan(0);
    expect((await fetch(`${network!.url}/admin/reset`, { method: 'POST' })).status).toBe(204);
    await restart();
    expect((await get('/ledger')).body.count).toBe(0);
  });
});
