// API v1 as the e-commerce plugin runs it, against real Temporal and PostgreSQL: query-string
// token, host-root paths, plugin bodies with numeric strings and float noise, validate, listings,
// partial capture, idempotent replay, refund on the capture, void of the rest, 409 beyond, and
// notifications signed with the deployment's key and verified with the published one. The plugin's
// calls are raw HTTP on purpose: host-root paths and its bodies are what is tested; what the
// merchant then reads through API v2 goes through the typed client.
import { createHash, createPublicKey } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedMerchant } from '../../db/merchants';
import { verifyV1Notification } from '../../activities/webhooks/v1-notification-signature';
import { call, eventually } from '../support/api-client';
import { completeShopperPage, vaultCard } from '../support/payments';
import { startStack, type Stack } from '../support/stack';
import { startWebhookReceiver } from '../support/webhook-receiver';

/**
 * The check the plugins make, written out here without node-forge (which Tessera signs with), so
 * that the scheme itself is what is tested: the RSA public operation on the base64 signature, then
 * OAEP decoding with SHA-1, MGF1-SHA1 and an empty label (RFC 8017, 7.1.2), whose message must be
 * the lowercase hex SHA-256 of the raw body. Returns the decoded message, or why it failed.
 */
function oaepMessageOf(publicKeyPem: string, signature: string): string {
  const jwk = createPublicKey(publicKeyPem).export({ format: 'jwk' });
  const modulus = Buffer.from(String(jwk.n), 'base64url');
  expect(modulus.length * 8).toBe(2048);
  const n = BigInt(`0x${modulus.toString('hex')}`);
  let base = BigInt(`0x${Buffer.from(signature, 'base64').toString('hex')}`);
  expect(base < n).toBe(true);
  let result = 1n;
  for (let e = BigInt(`0x${Buffer.from(String(jwk.e), 'base64url').toString('hex')}`); e > 0n; e >>= 1n) {
    if (e & 1n) result = (result * base) % n;
    base = (base * base) % n;
  }
  const encoded = Buffer.from(result.toString(16).padStart(modulus.length * 2, '0'), 'hex');
  const sha1 = (data: Buffer) => createHash('sha1').update(data).digest();
  const mgf1 = (seed: Buffer, length: number) => {
    const chunks: Buffer[] = [];
    for (let counter = 0; chunks.length * 20 < length; counter += 1) {
      const c = Buffer.alloc(4);
      c.writeUInt32BE(counter);
      chunks.push(sha1(Buffer.concat([seed, c])));
    }
    return Buffer.concat(chunks).subarray(0, length);
  };
  const xor = (a: Buffer, b: Buffer) => Buffer.from(a.map((byte, i) => byte ^ (b[i] ?? 0)));
  if (encoded[0] !== 0) return 'first byte is not zero';
  const maskedSeed = encoded.subarray(1, 21);
  const maskedBlock = encoded.subarray(21);
  const seed = xor(maskedSeed, mgf1(maskedBlock, 20));
  const block = xor(maskedBlock, mgf1(seed, maskedBlock.length));
  if (!block.subarray(0, 20).equals(sha1(Buffer.alloc(0)))) return 'label hash is not SHA-1 of an empty label';
  const separator = block.indexOf(1, 20);
  if (separator < 0 || block.subarray(20, separator).some((byte) => byte !== 0)) return 'no 0x01 separator';
  return block.subarray(separator + 1).toString('latin1');
}

let stack: Stack;
let merchant: CreatedMerchant;
let token: string;
let hook: Awaited<ReturnType<typeof startWebhookReceiver>>;

async function pluginToken(of: CreatedMerchant): Promise<string> {
  // As the plugin asks: grant type in the query string, no body, Basic credentials and the API key.
  const answer = await fetch(`${stack.baseUrl}/oauth/token?grant_type=client_credentials`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${of.client_id}:${of.client_secret}`).toString('base64')}`,
      'x-api-key': of.api_key,
    },
  });
  expect(answer.status).toBe(200);
  return (await answer.json()).access_token;
}

beforeAll(async () => {
  stack = await startStack();
  merchant = await stack.createMerchant();
  token = await pluginToken(merchant);
  hook = await startWebhookReceiver();
});
afterAll(async () => {
  await hook?.close();
  await stack?.close();
});

function pluginSession(overrides: { amount?: unknown; order?: Record<string, unknown>; hook?: string } = {}) {
  return {
    hook: overrides.hook ?? hook.url,
    amount: overrides.amount ?? '25.9900',
    order: {
      reference: 100042,
      redirection: 'https://shop.example/order-confirmation',
      amount: 25.990000000000002,
      net_amount: '21.6583',
      tax_amount: '4.3317',
      currency_code: 'EUR',
      customer: {
        reference: 'CUST-42',
        first_name: 'Camille',
        last_name: 'Martin',
        gender_code: 'female',
        locale_code: 'fr_FR',
        birthdate: null,
        billing_address: { email: 'camille@example.com', country_code: 'FR', phone: '0612345678', city: 'Paris' },
      },
      shipments: [
        {
          item_lines: [
            {
              name: 'Desk lamp',
              quantity: '1.0000',
              price: '25.9900',
              amount: 25.99,
              tax_lines: [{ type_code: 'vat', rate: '20.0000', amount: '4.3317' }],
            },
          ],
        },
      ],
      ...overrides.order,
    },
  };
}

const createSession = (body: unknown, via: { token?: string; apiKey?: string } = { token }) =>
  call(stack.baseUrl, 'POST', `/${merchant.entity_id}/sessions/create`, { ...via, body });
const validate = (sessionId: string, body: unknown, apiKey = merchant.publishable_key) =>
  call(stack.baseUrl, 'POST', `/${merchant.entity_id}/sessions/${sessionId}/validate`, { apiKey, body });
const act = (transactionId: string, action: string, body: unknown, headers: Record<string, string> = {}) =>
  call(stack.baseUrl, 'POST', `/${merchant.entity_id}/transactions/${transactionId}/${action}`, {
    token,
    body,
    headers,
  });
const cardEntry = (vft: string, amount: unknown = '25.99') => ({
  partner: 'sandbox-card',
  method: 'creditcard',
  amount,
  payment_data: { token: vft },
});

describe('a plugin journey', () => {
  it('creates, pays, captures in part, replays, refunds the capture, voids the rest, and is told of each step', async () => {
    const created = await createSession(pluginSession());
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const sessionId = created.body.id;
    expect(created.body).toMatchObject({
      amount: 25.99,
      currency_code: 'EUR',
      redirection: {
        success_url: 'https://shop.example/order-confirmation',
        failure_url: 'https://shop.example/order-confirmation',
      },
    });
    expect(created.body.protocols['sandbox-card'].creditcard).toMatchObject({
      configurations: { labels: ['sandbox-card', 'creditcard', expect.stringMatching(/^(primary|secondary)$/)] },
      position: expect.any(Number),
    });
    expect(created.headers.get('location')).toBe(
      `${stack.baseUrl}/payment/v1/${merchant.entity_id}/sessions/${sessionId}`,
    );

    // The v1 session is a v2 client session: same id, amounts in minor units, names mapped.
    const tessera = stack.client({ accessToken: token });
    const v2 = await tessera.v2.GET('/v2/client-sessions/{id}', { params: { path: { id: sessionId } } });
    expect(v2.response.status, JSON.stringify(v2.error)).toBe(200);
    expect(v2.data).toMatchObject({
      amount: 2599,
      currency: 'EUR',
      order: { reference: '100042', net_amount: 2599 },
      customer: { reference: 'CUST-42', locale: 'fr-FR', gender: 'FEMALE', email: 'camille@example.com' },
    });
    expect(JSON.stringify(v2.data)).not.toContain('0612345678');

    expect((await call(stack.baseUrl, 'GET', `/${merchant.entity_id}/sessions/${sessionId}`, { token })).body).toEqual(
      [],
    );

    const validated = await validate(sessionId, [
      cardEntry(await vaultCard(stack, merchant, '4242424242424242'), 25.990000000000002),
    ]);
    expect(validated.status, JSON.stringify(validated.body)).toBe(200);
    expect(validated.body.global_status).toBe('SUCCESS');
    const authorization = validated.body.results[0];
    expect(authorization).toMatchObject({
      session_id: sessionId,
      entity_id: merchant.entity_id,
      transaction_id: authorization.id,
      status: { action: 'AUTHORIZE', state: 'SUCCESS', code: 'SUCCEEDED' },
      plugin_result: { amount: 25.99, currency_code: 'EUR' },
    });

    const capture = await act(authorization.id, 'capture', { amount: '10.0000' }, { 'x-idempotency-key': 'cap-1' });
    expect(capture.status, JSON.stringify(capture.body)).toBe(200);
    expect(capture.body).toMatchObject({
      status: { action: 'CAPTURE', state: 'SUCCESS', code: 'SUCCEEDED' },
      plugin_result: { amount: 10 },
      parent_transaction_id: authorization.id,
    });
    const replay = await act(authorization.id, 'capture', { amount: '10.0000' }, { 'x-idempotency-key': 'cap-1' });
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(capture.body);

    const refund = await act(capture.body.id, 'refund', { amount: 4 });
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    expect(refund.body).toMatchObject({
      status: { action: 'REFUND', state: 'SUCCESS' },
      plugin_result: { amount: 4 },
      parent_transaction_id: capture.body.id,
    });
    const tooMuchBack = await act(capture.body.id, 'refund', { amount: 6.01 });
    expect(tooMuchBack.status).toBe(409);
    expect(tooMuchBack.body).toMatchObject({
      error_code: 'ALREADY_EXISTS',
      status: 409,
      request_id: expect.any(String),
    });

    const voided = await act(authorization.id, 'void', { amount: '15.99' });
    expect(voided.status, JSON.stringify(voided.body)).toBe(200);
    expect(voided.body).toMatchObject({
      status: { action: 'VOID', state: 'SUCCESS' },
      plugin_result: { amount: 15.99 },
      parent_transaction_id: authorization.id,
    });
    expect((await act(authorization.id, 'capture', { amount: '0.01' })).status).toBe(409);

    const listed = await call(stack.baseUrl, 'GET', `/${merchant.entity_id}/sessions/${sessionId}`, { token });
    expect(listed.body.map((result: { status: { action: string } }) => result.status.action)).toEqual([
      'AUTHORIZE',
      'CAPTURE',
      'REFUND',
      'VOID',
    ]);
    const one = await call(stack.baseUrl, 'GET', `/payment/v1/${merchant.entity_id}/transactions/${refund.body.id}`, {
      token,
    });
    expect(one.body).toEqual(refund.body);
    // UUIDs are one value in either case: a plugin that keeps them upper case finds the same.
    const upper = await call(
      stack.baseUrl,
      'GET',
      `/payment/v1/${merchant.entity_id.toUpperCase()}/transactions/${String(refund.body.id).toUpperCase()}`,
      { token },
    );
    expect(upper.body).toEqual(refund.body);
    const byOrder = await call(stack.baseUrl, 'GET', `/${merchant.entity_id}/orders/100042`, { token });
    expect(byOrder.body.map((result: { id: string }) => result.id)).toEqual(
      expect.arrayContaining(listed.body.map((result: { id: string }) => result.id)),
    );

    // The same payment through v2, with the same amounts in minor units.
    const paid = await tessera.v2.GET('/v2/client-sessions/{id}', { params: { path: { id: sessionId } } });
    const paymentId = paid.data?.payment_id;
    expect(paymentId, JSON.stringify(paid.data)).toEqual(expect.any(String));
    const payment = await tessera.v2.GET('/v2/payments/{id}', { params: { path: { id: String(paymentId) } } });
    expect(payment.response.status, JSON.stringify(payment.error)).toBe(200);
    expect(payment.data?.amounts).toMatchObject({
      total_authorized: 2599,
      total_captured: 1000,
      total_refunded: 400,
      total_voided: 1599,
    });

    // Every change reached the hook, signed with the key merchant:create and the API publish.
    const published = await call(stack.baseUrl, 'GET', '/payment/v1/notification-public-key');
    const publicKey: string = published.body.public_key;
    const notified = await eventually(
      async () => {
        const actions = hook.received
          .filter((delivery) => delivery.json.session_id === sessionId)
          .map((delivery) => `${delivery.json.status.action}:${delivery.json.status.state}`);
        return ['AUTHORIZE:SUCCESS', 'CAPTURE:SUCCESS', 'REFUND:SUCCESS', 'VOID:SUCCESS'].every((step) =>
          actions.includes(step),
        )
          ? actions
          : undefined;
      },
      { what: 'v1 notifications', timeoutMs: 20_000 },
    );
    expect(notified.length).toBeGreaterThanOrEqual(4);
    for (const delivery of hook.received.filter((candidate) => candidate.json.session_id === sessionId)) {
      const signature = delivery.headers['x-signature'];
      expect(typeof signature).toBe('string');
      expect(verifyV1Notification(publicKey, delivery.body, String(signature))).toBe(true);
      expect(oaepMessageOf(publicKey, String(signature))).toBe(
        createHash('sha256').update(delivery.body).digest('hex'),
      );
      expect(verifyV1Notification(publicKey, delivery.body.replace('"SUCCESS"', '"ERROR"'), String(signature))).toBe(
        false,
      );
    }
  });
});

describe('session creation repeated with its x-idempotency-key', () => {
  it('answers the first session again, Location included', async () => {
    const body = pluginSession({ order: { reference: 'REPEATED-1' } });
    const headers = { 'x-idempotency-key': `create-${Date.now()}` };
    const first = await call(stack.baseUrl, 'POST', `/${merchant.entity_id}/sessions/create`, { token, body, headers });
    const again = await call(stack.baseUrl, 'POST', `/${merchant.entity_id}/sessions/create`, { token, body, headers });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(first.headers.get('location')).toBe(
      `${stack.baseUrl}/payment/v1/${merchant.entity_id}/sessions/${first.body.id}`,
    );
    expect(again.headers.get('location')).toBe(first.headers.get('location'));
  });
});

describe('notifications', () => {
  it('tell an instalment payment waiting for its shopper, then for the lender’s review, then authorized', async () => {
    const created = await createSession(
      pluginSession({
        amount: '60',
        order: { reference: 'INSTALMENTS-1', amount: '60', net_amount: '60', tax_amount: '0', shipments: [] },
      }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const validated = await validate(created.body.id, [{ partner: 'sandbox-instalments', method: '3x', amount: '60' }]);
    expect(validated.status, JSON.stringify(validated.body)).toBe(200);
    // The shopper applies, and comes back through Tessera before the lender has decided.
    const applied = await completeShopperPage(validated.body.redirection.href, 'apply');
    expect((await fetch(applied.headers.get('location')!, { redirect: 'manual' })).status).toBe(303);
    const told = await eventually(
      async () => {
        const states = hook.received
          .filter((delivery) => delivery.json.session_id === created.body.id)
          .map((delivery) => delivery.json.status.state);
        return states.includes('SUCCESS') ? states : undefined;
      },
      { what: 'the instalment payment authorized, told', timeoutMs: 30_000 },
    );
    expect(told).toEqual(['CUSTOMER', 'WAITING', 'SUCCESS']);
  });

  it('are retried with backoff until the hook accepts them, each attempt signed', async () => {
    const flaky = await startWebhookReceiver((index) => (index < 2 ? 503 : 200));
    try {
      const created = await createSession(pluginSession({ hook: flaky.url, order: { reference: 'RETRIED-1' } }));
      expect(created.status).toBe(201);
      const paid = await validate(created.body.id, [cardEntry(await vaultCard(stack, merchant, '4242424242424242'))]);
      expect(paid.status).toBe(200);
      const accepted = await eventually(async () => flaky.received.find((delivery) => delivery.answeredWith === 200), {
        what: 'an accepted notification',
        timeoutMs: 20_000,
      });
      expect(flaky.received.slice(0, 2).map((delivery) => delivery.answeredWith)).toEqual([503, 503]);
      // The refused attempts were the same notification, sent again.
      for (const attempt of flaky.received.slice(0, 2)) expect(attempt.body).toBe(accepted.body);
      expect(accepted.json).toMatchObject({
        transaction_id: paid.body.results[0].transaction_id,
        status: { action: 'AUTHORIZE', state: 'SUCCESS' },
      });
      const publicKey: string = (await call(stack.baseUrl, 'GET', '/payment/v1/notification-public-key')).body
        .public_key;
      for (const attempt of flaky.received)
        expect(verifyV1Notification(publicKey, attempt.body, String(attempt.headers['x-signature']))).toBe(true);
    } finally {
      await flaky.close();
    }
  });
});
