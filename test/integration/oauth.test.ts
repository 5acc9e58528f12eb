import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { KeyRing } from '../../api/auth/key-ring';
import type { CreatedMerchant } from '../../db/merchants';
import { call, sessionApplication } from '../support/api-client';
import { startStack, type Stack } from '../support/stack';

let stack: Stack;
let merchant: CreatedMerchant;
const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

beforeAll(async () => {
  stack = await startStack();
  merchant = await stack.createMerchant();
});
afterAll(async () => stack?.close());

async function token(init: RequestInit & { query?: string } = {}) {
  const response = await fetch(`${stack.baseUrl}/oauth/token${init.query ?? ''}`, { method: 'POST', ...init });
  return { status: response.status, headers: response.headers, body: await response.json() };
}

describe('POST /oauth/token', () => {
  it('grants a token for a form body with HTTP Basic credentials', async () => {
    const answer = await token({
      headers: {
        authorization: basic(merchant.client_id, merchant.client_secret),
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      expires_in: 3600,
      token_type: 'Bearer',
      scope: 'payment-api orchestration-api',
    });
    expect(answer.body.access_token.split('.')).toHaveLength(3);
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });

  it('accepts credentials as form fields', async () => {
    const answer = await token({
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: merchant.client_id,
        client_secret: merchant.client_secret,
      }).toString(),
    });
    expect(answer.status).toBe(200);
  });

  it('accepts grant_type in the query string with no body, as existing clients send it', async () => {
    const answer = await token({
      query: '?grant_type=client_credentials',
      headers: { authorization: basic(merchant.client_id, merchant.client_secret), 'x-api-key': merchant.api_key },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.token_type).toBe('Bearer');
    // The same with the empty body labelled JSON, as some HTTP libraries do by default.
    for (const contentType of ['application/json', 'application/json; charset=utf-8']) {
      const labelled = await token({
        query: '?grant_type=client_credentials',
        headers: { authorization: basic(merchant.client_id, merchant.client_secret), 'content-type': contentType },
      });
      expect(labelled.status, contentType).toBe(200);
    }
  });

  it('narrows the token to a requested scope', async () => {
    const answer = await token({
      headers: {
        authorization: basic(merchant.client_id, merchant.client_secret),
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials&scope=payment-api',
    });
    expect(answer.body.scope).toBe('payment-api');
  });

  it('refuses a missing or unsupported grant_type with 400 problem+json', async () => {
    const missing = await fetch(`${stack.baseUrl}/oauth/token`, {
      method: 'POST',
      headers: {
        authorization: basic(merchant.client_id, merchant.client_secret),
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: '',
    });
    expect(missing.status).toBe(400);
    expect(missing.headers.get('content-type')).toContain('application/problem+json');
    expect((await missing.json()).errors).toEqual([{ pointer: '/grant_type', detail: 'is required' }]);

    const other = await token({
      headers: {
        authorization: basic(merchant.client_id, merchant.client_secret),
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=password',
    });
    expect(other.status).toBe(400);
    expect(other.body.error).toBe('unsupported_grant_type');
  });

  it('refuses wrong or missing client credentials with 401', async () => {
    const wrong = await token({
      headers: {
        authorization: basic(merchant.client_id, 'nope'),
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toContain('Basic');
    const unknown = await token({
      headers: {
        authorization: basic('cl_unknown', merchant.client_secret),
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    expect(unknown.status).toBe(401);
    const none = await token({
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    expect(none.status).toBe(401);
    expect(none.body.request_id).toBe(none.headers.get('x-request-id'));
  });

  it('refuses a NUL byte or non-UTF-8 escapes in the client id with 400 or 401 problem+json, never a 500', async () => {
    const form = (body: string) => token({ headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
    const nul = await form('grant_type=client_credentials&client_id=%00%FF%FEcl&client_secret=x');
    expect(nul.status).toBe(400);
    expect(nul.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(nul.body.errors).toEqual([{ pointer: '/client_id', detail: 'must not contain the NUL character (U+0000)' }]);
    const escapes = await form('grant_type=client_credentials&client_id=%FF%FE%C0&client_secret=%80');
    expect(escapes.status).toBe(401);
    expect(escapes.body.error).toBe('invalid_client');
    const basicNul = await token({
      headers: { authorization: basic('cl_\u0000x', 'secret'), 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    expect(basicNul.status).toBe(401);
    expect(basicNul.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  });

  it('grants a token for the entity’s secret API key alone (v1’s "BasicAuth or ApiKey"), never for the publishable key', async () => {
    const granted = await token({
      query: '?grant_type=client_credentials',
      headers: { 'x-api-key': merchant.api_key },
    });
    expect(granted.status).toBe(200);
    expect(granted.body.scope.split(' ').sort()).toEqual(['orchestration-api', 'payment-api']);
    const read = await call(stack.baseUrl, 'GET', `/v2/client-sessions/${crypto.randomUUID()}`, {
      token: granted.body.access_token,
    });
    expect(read.status).toBe(404);
    for (const key of [merchant.publishable_key, 'sk_unknown']) {
      const refused = await token({ query: '?grant_type=client_credentials', headers: { 'x-api-key': key } });
      expect(refused.status).toBe(401);
    }
  });

  it('refuses a scope the client does not have', async () => {
    const answer = await token({
      headers: {
        authorization: basic(merchant.client_id, merchant.client_secret),
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials&scope=admin',
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('invalid_scope');
  });
});

describe('bearer tokens and API keys on v2 routes', () => {
  it('enforces scopes: payment-api creates sessions, orchestration-api reads them', async () => {
    const paymentOnly = await stack.accessToken(merchant, 'payment-api');
    const orchestrationOnly = await stack.accessToken(merchant, 'orchestration-api');
    const created = await call(stack.baseUrl, 'POST', '/v2/client-sessions', {
      token: paymentOnly,
      body: sessionApplication(merchant.entity_id),
    });
    expect(created.status).toBe(201);
    const denied = await call(stack.baseUrl, 'POST', '/v2/client-sessions', {
      token: orchestrationOnly,
      body: sessionApplication(merchant.entity_id),
    });
    expect(denied.status).toBe(403);
    expect(denied.body.error).toBe('insufficient_scope');
    const readDenied = await call(stack.baseUrl, 'GET', `/v2/client-sessions/${created.body.id}`, {
      token: paymentOnly,
    });
    expect(readDenied.status).toBe(403);
    const read = await call(stack.baseUrl, 'GET', `/v2/client-sessions/${created.body.id}`, {
      token: orchestrationOnly,
    });
    expect(read.status).toBe(200);
  });

  it('accepts the entity API key in x-api-key and refuses an unknown one', async () => {
    const created = await call(stack.baseUrl, 'POST', '/v2/client-sessions', {
      apiKey: merchant.api_key,
      body: sessionApplication(merchant.entity_id),
    });
    expect(created.status).toBe(201);
    const refused = await call(stack.baseUrl, 'POST', '/v2/client-sessions', {
      apiKey: 'sk_forged',
      body: sessionApplication(merchant.entity_id),
    });
    expect(refused.status).toBe(401);
  });

  it('refuses a missing, forged or expired token with 401', async () => {
    const none = await call(stack.baseUrl, 'GET', `/v2/client-sessions/${crypto.randomUUID()}`);
    expect(none.status).toBe(401);

    const valid = await stack.accessToken(merchant);
    const [header, payload, signature] = valid.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const tampered = Buffer.from(JSON.stringify({ ...claims, ent: crypto.randomUUID() })).toString('base64url');
    const forged = await call(stack.baseUrl, 'GET', `/v2/client-sessions/${crypto.randomUUID()}`, {
      token: `${header}.${tampered}.${signature}`,
    });
    expect(forged.status).toBe(401);

    const keys = new KeyRing(stack.sql, stack.config.encryptionKey);
    const key = await keys.signingKey('access-token');
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ ent: merchant.entity_id, scope: 'payment-api orchestration-api' })
      .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'at+jwt' })
      .setIssuer('tessera')
      .setAudience('tessera-api')
      .setSubject(merchant.client_id)
      .setIssuedAt(now - 4000)
      .setExpirationTime(now - 400)
      .sign(key.privateKey);
    const refused = await call(stack.baseUrl, 'GET', `/v2/client-sessions/${crypto.randomUUID()}`, { token: expired });
    expect(refused.status).toBe(401);
    expect(refused.body.detail).toMatch(/invalid or expired/);
  });

  it('tells a caller without credentials only that (401), whatever its body', async () => {
    const v2 = await call(stack.baseUrl, 'POST', '/v2/payments', { body: { amount: 'not a number' } });
    expect(v2.status).toBe(401);
    expect(v2.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const v1 = await call(stack.baseUrl, 'POST', `/payment/v1/${merchant.entity_id}/sessions/create`, {
      rawBody: '{"amount": ',
    });
    expect(v1.status).toBe(401);
    expect(v1.body).toMatchObject({ error_code: expect.any(String), status: 401 });
  });

  it('allows a little clock skew on expiry', async () => {
    const keys = new KeyRing(stack.sql, stack.config.encryptionKey);
    const key = await keys.signingKey('access-token');
    const now = Math.floor(Date.now() / 1000);
    const justExpired = await new SignJWT({ ent: merchant.entity_id, scope: 'payment-api orchestration-api' })
      .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'at+jwt' })
      .setIssuer('tessera')
      .setAudience('tessera-api')
      .setSubject(merchant.client_id)
      .setIssuedAt(now - 3610)
      .setExpirationTime(now - 10)
      .sign(key.privateKey);
    const created = await call(stack.baseUrl, 'POST', '/v2/client-sessions', {
      token: justExpired,
      body: sessionApplication(merchant.entity_id),
    });
    expect(created.status).toBe(201);
  });
});
