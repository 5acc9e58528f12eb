// The "no double charge" guarantee over a real network: idempotency keys, injected faults before
// and after processing, and the adapters' classification of failures as retryable.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PartnerRequestError, PartnerUnavailableError, type AuthorizeRequest } from '../partner';
import { SandboxCardAdapter } from '../sandbox-card';
import { FAULT_KINDS } from './faults';
import { startSandboxNetwork, type SandboxNetwork } from './server';

let network: SandboxNetwork;
let card: SandboxCardAdapter;

beforeAll(async () => {
  network = await startSandboxNetwork({ faultTimeoutMs: 2_000 });
  card = new SandboxCardAdapter({ baseUrl: network.url, timeoutMs: 5_000 });
});
afterAll(() => network.close());

function authorizeRequest(key = `payment/${randomUUID()}/auth/1`, amount = 4_200): AuthorizeRequest {
  return {
    idempotency_key: key,
    amount,
    currency: 'EUR',
    method: 'creditcard',
    instrument: { type: 'card', number: '4242424242424242', expiry_month: '12', expiry_year: '34', cvv: '123' },
  };
}

/** An adapter whose calls carry fault headers (a short timeout so "timeout" is quick). */
function faulty(fault: string, phase: 'before' | 'after') {
  return new SandboxCardAdapter({
    baseUrl: network.url,
    timeoutMs: 300,
    headers: { 'x-sandbox-fault': fault, 'x-sandbox-fault-phase': phase },
  });
}

describe('idempotency keys', () => {
  it('the same key twice gives the first answer and one ledger entry', async () => {
    const request = authorizeRequest();
    const first = await card.authorize(request);
    const second = await card.authorize(request);
    expect(second).toEqual(first);
    expect(network.ledger({ idempotency_key: request.idempotency_key })).toHaveLength(1);
  });

  it('marks replays, and refuses the same key with another body (422, not retryable)', async () => {
    const request = authorizeRequest();
    await card.authorize(request);
    const replay = await fetch(`${network.url}/v1/sandbox-card/authorizations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': request.idempotency_key },
      // Same request, keys in another order: still the same request.
      body: JSON.stringify({
        currency: 'EUR',
        amount: 4_200,
        method: 'creditcard',
        card: { cvv: '123', expiry_year: '34', expiry_month: '12', number: '4242424242424242' },
      }),
    });
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');

    const other = card.authorize({ ...request, amount: 4_300 });
    await expect(other).rejects.toBeInstanceOf(PartnerRequestError);
    await expect(other).rejects.toMatchObject({ code: 'idempotency_key_reused', httpStatus: 422, retryable: false });
    expect(network.ledger({ idempotency_key: request.idempotency_key })).toHaveLength(1);
  });

  it('requires a key on mutating calls', async () => {
    const response = await fetch(`${network.url}/v1/authorizations/auth_x/captures`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ amount: 1, currency: 'EUR' }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'missing_idempotency_key' });
  });

  it('never echoes a malformed body (it may hold a card number)', async () => {
    const response = await fetch(`${network.url}/v1/sandbox-card/authorizations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: '{"card":{"number":"4242424242424242"',
    });
    expect(response.status).toBe(400);
    expect(await response.text()).not.toContain('4242');
  });
});

describe('fault injection', () => {
  for (const fault of FAULT_KINDS) {
    for (const phase of ['before', 'after'] as const) {
      it(`${fault} ${phase} processing surfaces as a retryable error`, async () => {
        const request = authorizeRequest();
        const error = await faulty(fault, phase)
          .authorize(request)
          .then(
            () => null,
            (e: unknown) => e,
          );
        expect(error).toBeInstanceOf(PartnerUnavailableError);
        expect(error).toMatchObject({
          retryable: true,
          partner: 'sandbox-card',
          call: 'authorize',
          failure: fault === 'timeout' ? 'timeout' : fault === 'drop' ? 'network' : 'http',
          httpStatus: fault === '500' || fault === '503' ? Number(fault) : null,
        });
        // Recorded only if the fault came after processing.
        expect(network.ledger({ idempotency_key: request.idempotency_key })).toHaveLength(phase === 'after' ? 1 : 0);

        // The activity's retry (same key, partner healthy again) ends with exactly one effect.
        const retried = await card.authorize(request);
        expect(retried.status).toBe('AUTHORIZED');
        const entries = network.ledger({ idempotency_key: request.idempotency_key });
        expect(entries).toHaveLength(1);
        expect(entries[0]?.partner_reference).toBe(retried.partner_reference);
      });
    }
  }

  it('a capture whose answer is lost is captured once across retries', async () => {
    const auth = await card.authorize(authorizeRequest());
    const capture = {
      idempotency_key: `payment/x/capture/${randomUUID()}`,
      partner_reference: auth.partner_reference,
      amount: 4_200,
      currency: 'EUR' as const,
    };
    await expect(faulty('drop', 'after').capture(capture)).rejects.toBeInstanceOf(PartnerUnavailableError);
    await expect(faulty('503', 'after').capture(capture)).rejects.toBeInstanceOf(PartnerUnavailableError);
    const result = await card.capture(capture);
    expect(result).toMatchObject({
      status: 'SUCCESS',
      processed_amount: 4_200,
      authorization_amounts: { captured: 4_200 },
    });
    expect(network.ledger({ authorization_reference: auth.partner_reference, type: 'CAPTURE' })).toHaveLength(1);
  });

  it('a fault on a status read is retryable too', async () => {
    const auth = await card.authorize(authorizeRequest());
    await expect(faulty('500', 'before').status({ partner_reference: auth.partner_reference })).rejects.toMatchObject({
      retryable: true,
      call: 'status',
    });
  });

  it('queued fault rules hit the next matching calls only', async () => {
    const response = await fetch(`${network.url}/admin/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fault: '503', phase: 'after', count: 2, path_prefix: '/v1/sandbox-card/' }),
    });
    expect(response.status).toBe(201);
    const request = authorizeRequest();
    await expect(card.authorize(request)).rejects.toMatchObject({ httpStatus: 503 });
    await expect(card.authorize(request)).rejects.toMatchObject({ httpStatus: 503 });
    expect((await card.authorize(request)).status).toBe('AUTHORIZED');
    expect(network.ledger({ idempotency_key: request.idempotency_key })).toHaveLength(1);
    expect(await (await fetch(`${network.url}/admin/faults`)).json()).toEqual({ rules: [] });
  });

  it('rejects an unknown fault header', async () => {
    await expect(faulty('418', 'before').authorize(authorizeRequest())).rejects.toMatchObject({
      code: 'invalid_request',
      httpStatus: 400,
    });
  });
});

describe('latency', () => {
  it('honours x-sandbox-latency-ms', async () => {
    const slow = new SandboxCardAdapter({ baseUrl: network.url, headers: { 'x-sandbox-latency-ms': '150' } });
    const started = performance.now();
    await slow.authorize(authorizeRequest());
    expect(performance.now() - started).toBeGreaterThanOrEqual(145); // timers may round down by a ms
  });

  it('honours the global latency setting', async () => {
    await fetch(`${network.url}/admin/config`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ latency_ms: 120 }),
    });
    try {
      const started = performance.now();
      await card.authorize(authorizeRequest());
      expect(performance.now() - started).toBeGreaterThanOrEqual(115);
    } finally {
      network.setLatency(0);
    }
  });

  it('latency beyond the adapter timeout is a retryable timeout', async () => {
    const impatient = new SandboxCardAdapter({
      baseUrl: network.url,
      timeoutMs: 50,
      headers: { 'x-sandbox-latency-ms': '300' },
    });
    await expect(impatient.authorize(authorizeRequest())).rejects.toMatchObject({
      name: 'PartnerUnavailableError',
      failure: 'timeout',
    });
  });
});

describe('ledger over HTTP', () => {
  it('filters, and resets', async () => {
    const own = await startSandboxNetwork();
    try {
      const adapter = new SandboxCardAdapter({ baseUrl: own.url });
      const auth = await adapter.authorize(authorizeRequest());
      await adapter.capture({
        idempotency_key: randomUUID(),
        partner_reference: auth.partner_reference,
        amount: 100,
        currency: 'EUR',
      });
      const all = await (await fetch(`${own.url}/ledger`)).json();
      expect(all.count).toBe(2);
      const captures = await (
        await fetch(`${own.url}/ledger?type=CAPTURE&authorization_reference=${auth.partner_reference}`)
      ).json();
      expect(captures.entries).toEqual([
        expect.objectContaining({
          type: 'CAPTURE',
          processed_amount: 100,
          card: { bin: '424242', last_four_digits: '4242' },
        }),
      ]);
      expect((await fetch(`${own.url}/admin/reset`, { method: 'POST' })).status).toBe(204);
      expect((await (await fetch(`${own.url}/ledger`)).json()).count).toBe(0);
    } finally {
      await own.close();
    }
  });
});
