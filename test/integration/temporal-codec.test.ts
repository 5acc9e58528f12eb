// Workflow payloads are encrypted on the Temporal server, and the codec endpoint opens them for
// operators only (temporal/payload-codec.ts, api/routes/operator/temporal-codec.ts).
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultPayloadConverter } from '@temporalio/common';
import { historyToJSON } from '../replay/history-json';
import { payloadsOf } from '../../temporal/history-payloads';
import { ENCRYPTED_ENCODING, KEY_ID_METADATA } from '../../temporal/payload-codec';
import { derivedPayloadKey, payloadKeyId } from '../../platform/payload-keys';
import { temporalBinary } from '../../temporal/binary';
import { paymentWorkflowId } from '../../workflows/payment/ids';
import { clientSessionWorkflowId } from '../../workflows/client-session/id';
import { call, sessionApplication } from '../support/api-client';
import { vaultCard } from '../support/payments';
import { startStack, type Stack } from '../support/stack';
import type { CreatedMerchant } from '../../db/merchants';

const UI_ORIGIN = 'http://127.0.0.1:8233';
const EMAIL = `codec.${randomBytes(4).toString('hex')}@example.org`;
const STREET = `${randomBytes(3).toString('hex')} rue des Codecs`;

let stack: Stack;
let merchant: CreatedMerchant;
let token: string;
let operatorToken: string;
let sessionId: string;
let paymentId: string;
const reference = `codec-${randomBytes(4).toString('hex')}`;

const b64 = (text: string) => Buffer.from(text).toString('base64');
const jsonPayload = (value: unknown) => ({
  metadata: { encoding: b64('json/plain') },
  data: Buffer.from(JSON.stringify(value)).toString('base64'),
});

function codec(operation: 'encode' | 'decode', body: unknown, headers: Record<string, string> = {}) {
  return call(stack.baseUrl, 'POST', `/temporal-codec/${operation}?preserveStorageRefs=true`, {
    body,
    headers: { 'x-namespace': 'default', ...headers },
  });
}
const asOperator = () => ({ authorization: `Bearer ${operatorToken}` });

beforeAll(async () => {
  stack = await startStack();
  merchant = await stack.createMerchant('Codec shop');
  token = await stack.accessToken(merchant);
  operatorToken = stack.config.operatorToken!;
  const session = await call(stack.baseUrl, 'POST', '/v2/client-sessions', {
    token,
    body: sessionApplication(merchant.entity_id, {
      customer: { email: EMAIL, first_name: 'Camille', last_name: 'Martin' },
      order: {
        reference,
        net_amount: 2599,
        billing_address: { address_lines: [STREET], city: 'Lyon', postal_code: '69001', country_code: 'FR' },
      },
    }),
  });
  expect(session.status, JSON.stringify(session.body)).toBe(201);
  sessionId = session.body.id;
  const split = [
    {
      amount: 2599,
      partner: 'sandbox-card',
      method: 'creditcard',
      vault_form_token: await vaultCard(stack, merchant, '4242424242424242'),
    },
  ];
  const submitted = await call(stack.baseUrl, 'POST', `/checkout/v1/sessions/${sessionId}/payments`, {
    apiKey: merchant.publishable_key,
    body: { split },
  });
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(201);
  paymentId = submitted.body.payment.id;
});

afterAll(async () => {
  await stack?.close();
});

describe('workflow histories on the Temporal server', () => {
  it('hold no clear payload: everything but the search attributes is sealed with the current key', async () => {
    const keyId = payloadKeyId(derivedPayloadKey(stack.config.encryptionKey));
    for (const workflowId of [clientSessionWorkflowId(sessionId), paymentWorkflowId(paymentId)]) {
      // fetchHistory reads the server's history as stored: no codec runs on it.
      const history = await stack.temporal.workflow.getHandle(workflowId).fetchHistory();
      const found = payloadsOf(history);
      const sealed = found.filter((item) => !item.clearByDesign);
      expect(sealed.length, workflowId).toBeGreaterThanOrEqual(2);
      for (const { path, payload } of sealed) {
        expect(Buffer.from(payload.metadata!.encoding!).toString(), `${workflowId} ${path}`).toBe(ENCRYPTED_ENCODING);
        expect(Buffer.from(payload.metadata![KEY_ID_METADATA]!).toString(), path).toBe(keyId);
      }
      // Search attributes stay readable: the entity id, the order reference, and Temporal's own
      // TemporalChangeVersion (the patch ids a workflow took). The session's history names them
      // twice, at its start and at its payment's.
      const attributes = new Map<string, Set<string>>();
      for (const { path, payload } of found.filter((item) => item.clearByDesign === 'search attribute')) {
        const name = path.split('.').pop()!;
        const values = attributes.get(name) ?? new Set<string>();
        for (const value of [JSON.parse(Buffer.from(payload.data!).toString())].flat()) values.add(String(value));
        attributes.set(name, values);
      }
      expect([...attributes.keys()].filter((name) => name !== 'TemporalChangeVersion').sort()).toEqual([
        'TesseraEntityId',
        'TesseraMerchantReference',
      ]);
      expect([...attributes.get('TesseraEntityId')!]).toEqual([merchant.entity_id]);
      expect([...attributes.get('TesseraMerchantReference')!]).toEqual([reference]);
      // What the SDK's core writes in its markers past any codec: a patch's id, a local activity's
      // bookkeeping. Nothing of the payment.
      const markerFields = new Set(['id', 'deprecated', 'seq', 'attempt', 'activity_id', 'activity_type']);
      for (const field of ['complete_time', 'backoff', 'original_schedule_time']) markerFields.add(field);
      for (const { path, payload } of found.filter((item) => item.clearByDesign === 'SDK marker'))
        for (const field of Object.keys(JSON.parse(Buffer.from(payload.data!).toString())))
          expect(markerFields.has(field), `${path}: ${field}`).toBe(true);
      const text = historyToJSON(history);
      for (const secret of [EMAIL, STREET, 'Camille', b64(EMAIL).slice(0, 12)]) expect(text).not.toContain(secret);
    }
  });
});

describe('the codec endpoint', () => {
  it('refuses anyone without the operator token or session, before reading the body', async () => {
    const body = { payloads: [jsonPayload({ a: 1 })] };
    for (const headers of [
      {},
      { authorization: 'Bearer not-the-token' },
      { authorization: `Bearer ${operatorToken}x` },
      { authorization: `Basic ${b64(`operator:${operatorToken}`)}` },
      { cookie: `tessera_operator=${Math.floor(Date.now() / 1000) + 3600}.forged` },
    ]) {
      for (const operation of ['encode', 'decode'] as const) {
        const answer = await codec(operation, body, headers);
        expect(answer.status, JSON.stringify(headers)).toBe(401);
        expect(answer.headers.get('content-type')).toContain('application/problem+json');
        expect(answer.body.error).toBe('unauthorized');
      }
    }
    // A body past the endpoint's limit is refused as unauthenticated, not as too large: never read.
    const huge = await codec('decode', { payloads: [{ data: 'A'.repeat(9 * 1024 * 1024) }] });
    expect(huge.status).toBe(401);
    const operatorHuge = await codec('decode', { payloads: [{ data: 'A'.repeat(9 * 1024 * 1024) }] }, asOperator());
    expect(operatorHuge.status).toBe(413);
  });

  it('opens a payment workflow payload read raw from the server, for the operator', async () => {
    const history = await stack.temporal.workflow.getHandle(paymentWorkflowId(paymentId)).fetchHistory();
    const input = history.events![0]!.workflowExecutionStartedEventAttributes!.input!.payloads![0]!;
    const raw = {
      metadata: Object.fromEntries(
        Object.entries(input.metadata!).map(([name, value]) => [name, Buffer.from(value).toString('base64')]),
      ),
      data: Buffer.from(input.data!).toString('base64'),
    };
    const answer = await codec('decode', { payloads: [raw] }, asOperator());
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const [opened] = answer.body.payloads;
    expect(Buffer.from(opened.metadata.encoding, 'base64').toString()).toBe('json/plain');
    const workflowInput = JSON.parse(Buffer.from(opened.data, 'base64').toString());
    expect(workflowInput.payment.id).toBe(paymentId);
    expect(workflowInput.payment.customer.email).toBe(EMAIL);
  });

  it('round-trips: what it encodes is sealed, and decodes to the same payloads', async () => {
    const values = [{ email: EMAIL }, 'text', 42, null];
    const clear = values.map((value) => {
      const payload = defaultPayloadConverter.toPayload(value);
      return {
        metadata: Object.fromEntries(
          Object.entries(payload.metadata!).map(([name, bytes]) => [name, Buffer.from(bytes).toString('base64')]),
        ),
        data: Buffer.from(payload.data ?? []).toString('base64'),
      };
    });
    const encoded = await codec('encode', { payloads: clear }, asOperator());
    expect(encoded.status).toBe(200);
    expect(encoded.body.payloads).toHaveLength(values.length);
    for (const payload of encoded.body.payloads) {
      expect(Buffer.from(payload.metadata.encoding, 'base64').toString()).toBe(ENCRYPTED_ENCODING);
      expect(Buffer.from(payload.data, 'base64').toString('latin1')).not.toContain(EMAIL);
    }
    const decoded = await codec('decode', encoded.body, asOperator());
    expect(decoded.status).toBe(200);
    expect(decoded.body.payloads).toEqual(clear);
    // A payload never encrypted comes back exactly as it was sent.
    const plain = await codec('decode', { payloads: [...clear, ...encoded.body.payloads] }, asOperator());
    expect(plain.body.payloads).toEqual([...clear, ...clear]);
  });

  it('tells a payload of an unknown key or an altered one apart from a server error', async () => {
    const encoded = await codec('encode', { payloads: [jsonPayload({ a: 1 })] }, asOperator());
    const [sealed] = encoded.body.payloads;
    const unknown = { ...sealed, metadata: { ...sealed.metadata, [KEY_ID_METADATA]: b64('000000000000') } };
    const answer = await codec('decode', { payloads: [unknown] }, asOperator());
    expect(answer.status).toBe(422);
    expect(answer.body.error).toBe('payload_key_unknown');
    const data = Buffer.from(sealed.data, 'base64');
    data[data.length - 1] = data[data.length - 1]! ^ 1;
    const altered = await codec('decode', { payloads: [{ ...sealed, data: data.toString('base64') }] }, asOperator());
    expect(altered.status).toBe(400);
    const malformed = await codec('decode', { payloads: [{ data: 'not base64!' }] }, asOperator());
    expect(malformed.status).toBe(400);
  });

  it('answers the Temporal UI’s preflight for its origin only, with credentials allowed', async () => {
    for (const operation of ['encode', 'decode']) {
      const preflight = await fetch(`${stack.baseUrl}/temporal-codec/${operation}?preserveStorageRefs=true`, {
        method: 'OPTIONS',
        headers: {
          origin: UI_ORIGIN,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type,x-namespace',
        },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe(UI_ORIGIN);
      expect(preflight.headers.get('access-control-allow-credentials')).toBe('true');
      expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
      const allowedHeaders = preflight.headers.get('access-control-allow-headers') ?? '';
      for (const header of ['content-type', 'x-namespace', 'authorization']) expect(allowedHeaders).toContain(header);
      expect(preflight.headers.get('vary')).toContain('origin');
    }
    const stranger = await fetch(`${stack.baseUrl}/temporal-codec/decode`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(stranger.status).toBe(403);
    expect(stranger.headers.get('access-control-allow-origin')).toBeNull();
    // The real request's answer names the origin too, refusals included, so the UI can read why.
    const refused = await codec('decode', { payloads: [] }, { origin: UI_ORIGIN });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('access-control-allow-origin')).toBe(UI_ORIGIN);
    const elsewhere = await codec('decode', { payloads: [] }, { origin: 'https://evil.example', ...asOperator() });
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('serves the Temporal CLI, which passes the token in --codec-auth', async () => {
    const show = (extra: string[]) =>
      promisify(execFile)(
        temporalBinary(),
        [
          'workflow',
          'show',
          '--address',
          stack.config.temporalAddress,
          '--workflow-id',
          paymentWorkflowId(paymentId),
          '--output',
          'json',
          '--codec-endpoint',
          `${stack.baseUrl}/temporal-codec`,
          ...extra,
        ],
        { timeout: 30_000, maxBuffer: 16 * 1024 * 1024 },
      );
    /** The payment's input as the CLI shows it (proto3 JSON: the payload's bytes in base64). */
    const inputOf = (output: string) => {
      const [payload] = JSON.parse(output).events[0].workflowExecutionStartedEventAttributes.input.payloads;
      return {
        encoding: Buffer.from(payload.metadata.encoding, 'base64').toString(),
        data: Buffer.from(payload.data, 'base64').toString('latin1'),
      };
    };
    const opened = inputOf((await show(['--codec-auth', `Bearer ${operatorToken}`])).stdout);
    expect(opened.encoding).toBe('json/plain');
    expect(JSON.parse(opened.data).payment.customer.email).toBe(EMAIL);
    // Without the token, the CLI gets nothing opened.
    const refused = await show([]).then(
      ({ stdout }) => inputOf(stdout),
      (error: { stderr?: string }) => ({ encoding: 'refused', data: error.stderr ?? '' }),
    );
    expect(refused.encoding).not.toBe('json/plain');
    expect(refused.data).not.toContain(EMAIL);
  });

  it('signs a browser in with the token, giving a cookie the UI sends instead of a header', async () => {
    const form = await fetch(`${stack.baseUrl}/temporal-codec/sign-in`);
    expect(form.status).toBe(200);
    expect(form.headers.get('content-type')).toContain('text/html');
    expect(await form.text()).toContain('name="token"');

    const signIn = (candidate: string) =>
      fetch(`${stack.baseUrl}/temporal-codec/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token: candidate }).toString(),
      });
    const wrong = await signIn('not-the-token');
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('set-cookie')).toBeNull();

    const right = await signIn(operatorToken);
    expect(right.status).toBe(200);
    const setCookie = right.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/^tessera_operator=\d+\.[\w-]+;/);
    for (const attribute of ['HttpOnly', 'SameSite=Strict', 'Path=/temporal-codec', 'Max-Age=28800'])
      expect(setCookie).toContain(attribute);
    // Over http (this stack), not Secure: the browser would drop it.
    expect(setCookie).not.toContain('Secure');
    expect(setCookie).not.toContain(operatorToken);
    const cookie = setCookie.split(';')[0]!;

    const encoded = await codec('encode', { payloads: [jsonPayload({ email: EMAIL })] }, { cookie, origin: UI_ORIGIN });
    expect(encoded.status).toBe(200);
    const decoded = await codec('decode', encoded.body, { cookie, origin: UI_ORIGIN });
    expect(decoded.status).toBe(200);
    expect(JSON.parse(Buffer.from(decoded.body.payloads[0].data, 'base64').toString())).toEqual({ email: EMAIL });

    const signOut = await fetch(`${stack.baseUrl}/temporal-codec/sign-out`, { method: 'POST', headers: { cookie } });
    expect(signOut.headers.get('set-cookie')).toContain('Max-Age=0');
  });
});
