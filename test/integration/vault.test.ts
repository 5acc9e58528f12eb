import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { V2Components } from '../../api/client';
import type { CreatedMerchant } from '../../db/merchants';
import { randomUUID } from 'node:crypto';
import { partnersFor } from '../../activities/partners-config';
import { createPartnerCallActivities } from '../../activities/payments/partner-calls';
import { cvvAnswerFor, detokenize, eraseCvv, findVaultedCard, purgeVault, vaultCard } from '../../db/vault';
import { VAULT_FORM_TOKEN_TTL_SECONDS } from '../../db/vault-tokens';
import { call } from '../support/api-client';
import { apiWithCapturedLogs } from '../support/captured-api';
import { startStack, type Stack } from '../support/stack';
import { authorizationIdempotencyKey } from '../../workflows/payment/ids';

/** The authorization a test's vault reads are made for: the first binds the token to it (db/vault.ts). */
const AUTHORIZATION = authorizationIdempotencyKey(
  '00000000-0000-4000-8000-000000000001',
  '00000000-0000-4000-8000-000000000002',
);

let stack: Stack;
let merchant: CreatedMerchant;
let other: CreatedMerchant;

beforeAll(async () => {
  stack = await startStack();
  merchant = await stack.createMerchant('Vault shop A');
  other = await stack.createMerchant('Vault shop B');
});
afterAll(async () => stack?.close());

const PAN = '4242424242424242';
const HOLDER = 'CAMILLE MARTIN';
const card = (overrides: Partial<V2Components['schemas']['VaultCardRequest']> = {}) => ({
  number: PAN,
  expiry_month: '09',
  expiry_year: '38',
  cvv: '123',
  holder_name: HOLDER,
  ...overrides,
});
/** Raw HTTP: this route's own contract (bad input, keys, CORS and cache headers). */
const tokenize = (body: unknown, headers: Record<string, string> = {}) =>
  call(stack.baseUrl, 'POST', '/v2/vault/cards', { body, headers: { 'x-api-key': merchant.api_key, ...headers } });
/** A card vaulted as a merchant's server does it, through the typed client. */
const vaulted = (
  body: V2Components['schemas']['VaultCardRequest'],
  credentials: { accessToken: string } | { apiKey: string } = { apiKey: merchant.api_key },
) => stack.client(credentials).v2.POST('/v2/vault/cards', { body });
const tokenOf = async (body: V2Components['schemas']['VaultCardRequest']) =>
  (await vaulted(body)).data!.vault_form_token;
const two = (n: number) => String(n).padStart(2, '0');

describe('POST /v2/vault/cards', () => {
  it('tokenizes with the secret API key', async () => {
    const answer = await tokenize(card());
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      vault_form_token: expect.stringMatching(/^vft_[A-Za-z0-9_-]{43}$/),
      card: { detected_brands: ['VISA'], bin: '424242', last_four_digits: '4242' },
    });
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.headers.get('x-request-id')).toBeTruthy();
  });

  it('tokenizes with the publishable key in x-api-key (the browser), with CORS headers', async () => {
    const answer = await tokenize(card({ number: '5555555555554444' }), {
      'x-api-key': merchant.publishable_key,
      origin: 'https://shop.example',
    });
    expect(answer.status).toBe(201);
    expect(answer.body.card).toEqual({ detected_brands: ['MASTERCARD'], bin: '555555', last_four_digits: '4444' });
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    expect(answer.headers.get('access-control-expose-headers')).toBe('x-request-id, retry-after');
    expect(answer.headers.get('access-control-allow-credentials')).toBeNull();
    const found = await findVaultedCard(stack.sql, merchant.entity_id, answer.body.vault_form_token);
    expect(found.status).toBe('found');
  });

  it('tokenizes with a Bearer access token', async () => {
    const token = await stack.accessToken(merchant);
    const answer = await vaulted(card({ number: '378282246310005', cvv: '1234' }), { accessToken: token });
    expect(answer.response.status).toBe(201);
    expect(answer.data?.card.detected_brands).toEqual(['AMERICAN_EXPRESS']);
  });

  it('detects a co-badged CARTE_BANCAIRE card', async () => {
    const visa = await vaulted(card({ number: '4000002500001001' }));
    expect(visa.data?.card).toEqual({
      detected_brands: ['CARTE_BANCAIRE', 'VISA'],
      bin: '400000',
      last_four_digits: '1001',
    });
    const mastercard = await vaulted(card({ number: '5555552500001001' }));
    expect(mastercard.data?.card.detected_brands).toEqual(['CARTE_BANCAIRE', 'MASTERCARD']);
  });

  it('accepts a card expiring this month (the API clock, UTC, end of month) and a blank holder name', async () => {
    const now = new Date();
    const answer = await vaulted(
      card({ expiry_month: two(now.getUTCMonth() + 1), expiry_year: two(now.getUTCFullYear() % 100), holder_name: '' }),
    );
    expect(answer.response.status).toBe(201);
    const clear = await detokenize(
      stack.sql,
      stack.config.encryptionKey,
      merchant.entity_id,
      answer.data!.vault_form_token,
      { consumeCvv: false, usedBy: AUTHORIZATION },
    );
    expect(clear.status === 'found' && clear.card.holder_name).toBeUndefined();
  });

  it('refuses a missing, unknown or revoked credential with 401', async () => {
    const none = await call(stack.baseUrl, 'POST', '/v2/vault/cards', { body: card() });
    expect(none.status).toBe(401);
    expect(none.headers.get('content-type')).toContain('application/problem+json');
    expect(none.headers.get('access-control-allow-origin')).toBe('*');
    const unknownPk = await tokenize(card(), { 'x-api-key': 'pk_not-a-real-key' });
    expect(unknownPk.status).toBe(401);
    expect(unknownPk.body.detail).toBe('the publishable key is invalid');
    const unknownSk = await tokenize(card(), { 'x-api-key': 'sk_not-a-real-key' });
    expect(unknownSk.status).toBe(401);
    const badBearer = await call(stack.baseUrl, 'POST', '/v2/vault/cards', { token: 'nope', body: card() });
    expect(badBearer.status).toBe(401);
  });

  it('authenticates before validating: a bad card from an unknown caller answers 401', async () => {
    const answer = await tokenize(card({ number: '1' }), { 'x-api-key': 'pk_unknown' });
    expect(answer.status).toBe(401);
  });

  it('refuses the publishable key on every other route', async () => {
    const created = await call(stack.baseUrl, 'POST', '/v2/client-sessions', {
      apiKey: merchant.publishable_key,
      body: {
        entity_id: merchant.entity_id,
        amount: 100,
        currency: 'EUR',
        order: { reference: 'pk', net_amount: 100 },
        shopper_redirection_url: 'https://shop.example/r',
      },
    });
    expect(created.status).toBe(401);
    const read = await call(stack.baseUrl, 'GET', '/v2/client-sessions/3f2b8c1e-6a0d-4c8e-9f57-2d1b6e4a9c03', {
      apiKey: merchant.publishable_key,
    });
    expect(read.status).toBe(401);
    const secret = await call(stack.baseUrl, 'GET', '/v2/client-sessions/3f2b8c1e-6a0d-4c8e-9f57-2d1b6e4a9c03', {
      apiKey: merchant.api_key,
    });
    expect(secret.status).toBe(404);
  });

  describe('validation: problem+json with a pointer, never the card number', () => {
    const now = new Date();
    const previous = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
    const lastMonth = {
      expiry_month: two(previous.getUTCMonth() + 1),
      expiry_year: two(previous.getUTCFullYear() % 100),
    };
    const expiredAt = previous.getUTCFullYear() < now.getUTCFullYear() ? '/expiry_year' : '/expiry_month';

    it.each<[string, Record<string, unknown>, string, string]>([
      ['no number', { number: undefined }, '/number', 'is required'],
      ['spaces in the number', { number: '4242 4242 4242 4242' }, '/number', 'must match pattern'],
      ['a number as a JSON number', { number: 4242424242424242 }, '/number', 'must be string'],
      ['a Luhn-invalid number', { number: '4242424242424241' }, '/number', 'check digit'],
      [
        'an unsupported network',
        { number: '6011111111111117' },
        '/number',
        'is not a VISA, MASTERCARD, AMERICAN_EXPRESS or CARTE_BANCAIRE card number',
      ],
      ['a 15-digit MASTERCARD', { number: '510000000000003' }, '/number', 'must have 16 digits on MASTERCARD cards'],
      [
        'a 16-digit AMERICAN_EXPRESS',
        { number: '3700000000000007', cvv: '1234' },
        '/number',
        'must have 15 digits on AMERICAN_EXPRESS cards',
      ],
      ['month 13', { expiry_month: '13' }, '/expiry_month', 'must match pattern'],
      ['month as a number', { expiry_month: 9 }, '/expiry_month', 'must be string'],
      ['a four-digit year', { expiry_year: '2038' }, '/expiry_year', 'must match pattern'],
      ['last month', lastMonth, expiredAt, 'the card has expired'],
      [
        'a year 21+ years ahead',
        { expiry_year: two((now.getUTCFullYear() + 21) % 100) },
        '/expiry_year',
        'must be at most 20 years ahead',
      ],
      ['no CVV', { cvv: undefined }, '/cvv', 'is required'],
      ['a 2-digit CVV', { cvv: '12' }, '/cvv', 'must match pattern'],
      ['a 4-digit CVV on a VISA', { cvv: '1234' }, '/cvv', 'must be 3 digits'],
      [
        'a 3-digit CVV on an AMERICAN_EXPRESS',
        { number: '378282246310005', cvv: '123' },
        '/cvv',
        'must be 4 digits for an AMERICAN_EXPRESS card',
      ],
      ['a 1-character holder name', { holder_name: 'A' }, '/holder_name', 'must be 2 to 45 characters'],
      ['a 46-character holder name', { holder_name: 'A'.repeat(46) }, '/holder_name', 'must be 2 to 45 characters'],
      [
        'a 256-character holder name',
        { holder_name: 'A'.repeat(256) },
        '/holder_name',
        'must NOT have more than 255 characters',
      ],
      [
        'a control character in the holder name',
        { holder_name: 'CAMILLE\u0007MARTIN' },
        '/holder_name',
        'must not contain control characters',
      ],
      [
        'a NUL character in the holder name, as in any field',
        { holder_name: 'CAMILLE\u0000MARTIN' },
        '/holder_name',
        'must not contain the NUL character (U+0000)',
      ],
    ])('refuses %s', async (_label, change, pointer, detail) => {
      const body = card(change);
      const answer = await tokenize(body, { 'x-api-key': merchant.publishable_key });
      expect(answer.status).toBe(400);
      expect(answer.headers.get('content-type')).toContain('application/problem+json');
      expect(answer.headers.get('access-control-allow-origin')).toBe('*');
      expect(answer.body).toMatchObject({ status: 400, error: 'invalid_request', instance: '/v2/vault/cards' });
      expect(answer.body.errors).toEqual([{ pointer, detail: expect.stringContaining(detail) }]);
      const text = JSON.stringify(answer.body);
      if (typeof body.number === 'string' && body.number.length > 4) expect(text).not.toContain(body.number);
      expect(text).not.toContain(String(PAN));
    });

    it('reports every broken field at once', async () => {
      const answer = await tokenize({ number: '4242424242424241', expiry_month: '02', expiry_year: '20', cvv: '1234' });
      expect(answer.status).toBe(400);
      expect(answer.body.errors.map((e: { pointer: string }) => e.pointer)).toEqual([
        '/number',
        '/expiry_year',
        '/cvv',
      ]);
    });

    it('answers malformed JSON without echoing it', async () => {
      const answer = await call(stack.baseUrl, 'POST', '/v2/vault/cards', {
        apiKey: merchant.api_key,
        rawBody: `{"number": "${PAN}", "cvv": 123x}`,
      });
      expect(answer.status).toBe(400);
      expect(JSON.stringify(answer.body)).not.toContain(PAN);
    });
  });

  describe('CORS', () => {
    it('answers the preflight for any origin, without credentials', async () => {
      const response = await fetch(`${stack.baseUrl}/v2/vault/cards`, {
        method: 'OPTIONS',
        headers: {
          origin: 'https://any-shop.example',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type,x-api-key',
        },
      });
      expect(response.status).toBe(204);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(response.headers.get('access-control-allow-methods')).toContain('POST');
      const allowed = (response.headers.get('access-control-allow-headers') ?? '').split(',').map((h) => h.trim());
      expect(allowed).toEqual(expect.arrayContaining(['content-type', 'x-api-key']));
      expect(response.headers.get('access-control-max-age')).toBe('7200');
      expect(response.headers.get('access-control-allow-credentials')).toBeNull();
    });

    it('leaves every other route without CORS', async () => {
      const preflight = await fetch(`${stack.baseUrl}/v2/client-sessions`, {
        method: 'OPTIONS',
        headers: { origin: 'https://any-shop.example', 'access-control-request-method': 'POST' },
      });
      // The path answers POST only: 405 with Allow, and no CORS header the browser could act on.
      expect(preflight.status).toBe(405);
      expect(preflight.headers.get('allow')).toBe('POST');
      expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
      const post = await call(stack.baseUrl, 'POST', '/v2/client-sessions', {
        apiKey: merchant.api_key,
        body: {},
        headers: { origin: 'https://any-shop.example' },
      });
      expect(post.headers.get('access-control-allow-origin')).toBeNull();
    });
  });
});

it('documents the call in the v2 OpenAPI document, without the preflight', async () => {
  const doc = await call(stack.baseUrl, 'GET', '/openapi/v2.json');
  const path = doc.body.paths['/v2/vault/cards'];
  expect(Object.keys(path)).toEqual(['post']);
  expect(path.post.security).toEqual([{ apiKey: [] }, { oauth2: ['payment-api'] }]);
  expect(path.post.requestBody.content['application/json'].schema.$ref).toBe('#/components/schemas/VaultCardRequest');
  expect(Object.keys(path.post.responses)).toEqual(expect.arrayContaining(['201', '400', '401']));
});

describe('db/vault', () => {
  const key = () => stack.config.encryptionKey;

  it('detokenizes for the entity that vaulted the card, and stamps its first use', async () => {
    const token = await tokenOf(card({ holder_name: '  ' + HOLDER + ' ' }));
    const before = await findVaultedCard(stack.sql, merchant.entity_id, token);
    expect(before).toMatchObject({ status: 'found', card: { used_at: null, has_cvv: true, bin: '424242' } });
    const clear = await detokenize(stack.sql, key(), merchant.entity_id, token, {
      consumeCvv: false,
      usedBy: AUTHORIZATION,
    });
    expect(clear).toMatchObject({
      status: 'found',
      card: {
        number: PAN,
        expiry_month: '09',
        expiry_year: '38',
        cvv: '123',
        holder_name: HOLDER,
        detected_brands: ['VISA'],
        bin: '424242',
        last_four_digits: '4242',
      },
    });
    if (clear.status !== 'found') throw new Error('unreachable');
    expect(clear.card.expires_at.getTime() - clear.card.created_at.getTime()).toBe(VAULT_FORM_TOKEN_TTL_SECONDS * 1000);
    const again = await detokenize(stack.sql, key(), merchant.entity_id, token, {
      consumeCvv: false,
      usedBy: AUTHORIZATION,
    });
    expect(again.status === 'found' && again.card.used_at.getTime()).toBe(clear.card.used_at.getTime());
  });

  it("keeps one entity's token from another (not found), and refuses unknown or malformed tokens", async () => {
    const token = await tokenOf(card());
    expect(
      await detokenize(stack.sql, key(), other.entity_id, token, { consumeCvv: true, usedBy: AUTHORIZATION }),
    ).toEqual({
      status: 'not_found',
    });
    expect(await findVaultedCard(stack.sql, other.entity_id, token)).toEqual({ status: 'not_found' });
    expect(await eraseCvv(stack.sql, other.entity_id, token)).toBe(false);
    expect(
      await detokenize(stack.sql, key(), merchant.entity_id, `vft_${'A'.repeat(43)}`, {
        consumeCvv: false,
        usedBy: AUTHORIZATION,
      }),
    ).toEqual({ status: 'not_found' });
    expect(
      await detokenize(stack.sql, key(), merchant.entity_id, 'not-a-token', {
        consumeCvv: false,
        usedBy: AUTHORIZATION,
      }),
    ).toEqual({
      status: 'not_found',
    });
    // The other entity's attempts changed nothing.
    const clear = await detokenize(stack.sql, key(), merchant.entity_id, token, {
      consumeCvv: false,
      usedBy: AUTHORIZATION,
    });
    expect(clear.status === 'found' && clear.card.cvv).toBe('123');
  });

  it('binds a token to the authorization that first reads it: another one finds it spent', async () => {
    const token = await tokenOf(card());
    const first = await detokenize(stack.sql, key(), merchant.entity_id, token, {
      consumeCvv: false,
      usedBy: AUTHORIZATION,
    });
    expect(first.status).toBe('found');
    const another = authorizationIdempotencyKey(
      '00000000-0000-4000-8000-000000000003',
      '00000000-0000-4000-8000-000000000004',
    );
    expect(
      await detokenize(stack.sql, key(), merchant.entity_id, token, { consumeCvv: false, usedBy: another }),
    ).toEqual({ status: 'spent' });
    // The refused reading changed nothing: the first authorization's retry still reads the card, CVV included.
    const retry = await detokenize(stack.sql, key(), merchant.entity_id, token, {
      consumeCvv: false,
      usedBy: AUTHORIZATION,
    });
    expect(retry.status === 'found' && retry.card.cvv).toBe('123');
    expect(await findVaultedCard(stack.sql, merchant.entity_id, token)).toMatchObject({
      status: 'found',
      card: { used_by: AUTHORIZATION },
    });
  });

  it('erases the CVV after consumeCvv: returned once, then gone', async () => {
    const token = await tokenOf(card({ cvv: '987' }));
    const first = await detokenize(stack.sql, key(), merchant.entity_id, token, {
      consumeCvv: true,
      usedBy: AUTHORIZATION,
    });
    expect(first.status === 'found' && first.card.cvv).toBe('987');
    const second = await detokenize(stack.sql, key(), merchant.entity_id, token, {
      consumeCvv: true,
      usedBy: AUTHORIZATION,
    });
    expect(second.status).toBe('found');
    expect(second.status === 'found' && 'cvv' in second.card).toBe(false);
    expect(second.status === 'found' && second.card.number).toBe(PAN);
    const [row] =
      await stack.sql`select cvv_encrypted, cvv_erased_at from vaulted_cards where last_four_digits = '4242' and cvv_erased_at is not null limit 1`;
    expect(row).toMatchObject({ cvv_encrypted: null, cvv_erased_at: expect.any(Date) });
  });

  it('erases the CVV with eraseCvv', async () => {
    const token = await tokenOf(card());
    expect(await eraseCvv(stack.sql, merchant.entity_id, token)).toBe(true);
    expect(await eraseCvv(stack.sql, merchant.entity_id, token)).toBe(false);
    const clear = await detokenize(stack.sql, key(), merchant.entity_id, token, {
      consumeCvv: false,
      usedBy: AUTHORIZATION,
    });
    expect(clear.status === 'found' && clear.card.cvv).toBeUndefined();
    expect(await findVaultedCard(stack.sql, merchant.entity_id, token)).toMatchObject({
      status: 'found',
      card: { has_cvv: false },
    });
  });

  it('expires a token not used within its lifetime; a used one stays readable for retries', async () => {
    const longAgo = new Date(Date.now() - 2 * VAULT_FORM_TOKEN_TTL_SECONDS * 1000);
    const stale = await vaultCard(stack.sql, key(), merchant.entity_id, card(), { now: longAgo });
    expect(
      await detokenize(stack.sql, key(), merchant.entity_id, stale.vault_form_token, {
        consumeCvv: false,
        usedBy: AUTHORIZATION,
      }),
    ).toEqual({ status: 'expired' });
    expect(await findVaultedCard(stack.sql, merchant.entity_id, stale.vault_form_token)).toEqual({ status: 'expired' });

    const fresh = await vaultCard(stack.sql, key(), merchant.entity_id, card());
    const afterExpiry = new Date(fresh.expires_at.getTime() + 1000);
    expect(
      await detokenize(stack.sql, key(), merchant.entity_id, fresh.vault_form_token, {
        consumeCvv: false,
        usedBy: AUTHORIZATION,
        now: afterExpiry,
      }),
    ).toEqual({ status: 'expired' });
    expect(
      (
        await detokenize(stack.sql, key(), merchant.entity_id, fresh.vault_form_token, {
          consumeCvv: false,
          usedBy: AUTHORIZATION,
        })
      ).status,
    ).toBe('found');
    expect(
      (
        await detokenize(stack.sql, key(), merchant.entity_id, fresh.vault_form_token, {
          consumeCvv: false,
          usedBy: AUTHORIZATION,
          now: afterExpiry,
        })
      ).status,
    ).toBe('found');
  });

  it('purges unused expired tokens and used ones past their retention', async () => {
    const entity = (await stack.createMerchant('Purge shop')).entity_id;
    const longAgo = new Date(Date.now() - 2 * VAULT_FORM_TOKEN_TTL_SECONDS * 1000);
    const stale = await vaultCard(stack.sql, key(), entity, card(), { now: longAgo });
    const live = await vaultCard(stack.sql, key(), entity, card());
    const used = await vaultCard(stack.sql, key(), entity, card());
    await detokenize(stack.sql, key(), entity, used.vault_form_token, {
      consumeCvv: true,
      usedBy: AUTHORIZATION,
      now: longAgo,
    });
    const purged = await purgeVault(stack.sql, { usedRetentionSeconds: VAULT_FORM_TOKEN_TTL_SECONDS });
    expect(purged).toBeGreaterThanOrEqual(2);
    expect(
      await detokenize(stack.sql, key(), entity, stale.vault_form_token, { consumeCvv: false, usedBy: AUTHORIZATION }),
    ).toEqual({
      status: 'not_found',
    });
    expect(
      await detokenize(stack.sql, key(), entity, used.vault_form_token, { consumeCvv: false, usedBy: AUTHORIZATION }),
    ).toEqual({
      status: 'not_found',
    });
    expect(
      (await detokenize(stack.sql, key(), entity, live.vault_form_token, { consumeCvv: false, usedBy: AUTHORIZATION }))
        .status,
    ).toBe('found');
  });

  it('refuses a ciphertext moved to another row', async () => {
    const a = await vaultCard(stack.sql, key(), merchant.entity_id, card());
    const b = await vaultCard(stack.sql, key(), merchant.entity_id, card({ number: '5555555555554444' }));
    const [source] = await stack.sql<
      { card_encrypted: string }[]
    >`select card_encrypted from vaulted_cards where token_hash = sha256(${a.vault_form_token}::bytea)`;
    await stack.sql`update vaulted_cards set card_encrypted = ${source!.card_encrypted} where token_hash = sha256(${b.vault_form_token}::bytea)`;
    await expect(
      detokenize(stack.sql, key(), merchant.entity_id, b.vault_form_token, {
        consumeCvv: false,
        usedBy: AUTHORIZATION,
      }),
    ).rejects.toThrow(/does not belong/);
  });
});

describe('card data never in clear', () => {
  it('stores no PAN, CVV or holder name in clear in any table', async () => {
    const pan = '5555552500001001';
    const holder = 'DOMINIQUE UNIQUEHOLDER';
    const answer = await tokenize(card({ number: pan, cvv: '246', holder_name: holder }));
    expect(answer.status).toBe(201);
    const tables = await stack.sql<{ table_name: string }[]>`
      select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`;
    expect(tables.map((t) => t.table_name)).toContain('vaulted_cards');
    let dump = '';
    for (const { table_name } of tables) {
      const rows = await stack.sql.unsafe<{ row: string }[]>(`select t::text as row from "${table_name}" t`);
      dump += rows.map((r) => r.row).join('\n');
    }
    expect(dump).toContain('555555');
    expect(dump).not.toContain(pan);
    expect(dump).not.toContain(pan.slice(0, 12));
    expect(dump).not.toContain(holder);
    expect(dump).not.toContain(answer.body.vault_form_token);

    const [row] = await stack.sql`
      select card_encrypted, cvv_encrypted, bin, last_four_digits, brands from vaulted_cards where token_hash = sha256(${answer.body.vault_form_token}::bytea)`;
    expect(row).toMatchObject({ bin: '555555', last_four_digits: '1001', brands: ['CARTE_BANCAIRE', 'MASTERCARD'] });
    expect(row!.card_encrypted).toMatch(/^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(row!.cvv_encrypted).toMatch(/^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(row!.cvv_encrypted).not.toBe(row!.card_encrypted);
  });

  it('never logs the PAN, the holder name or the token, even at trace level and on errors', async () => {
    const { api, lines } = await apiWithCapturedLogs(stack);
    try {
      const pan = '4000002760003184';
      const holder = 'LOGGED NEVERHOLDER';
      const post = (payload: string, apiKey = merchant.publishable_key) =>
        api.inject({
          method: 'POST',
          url: '/v2/vault/cards',
          headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
          payload,
        });
      const ok = await post(JSON.stringify(card({ number: pan, holder_name: holder })));
      expect(ok.statusCode).toBe(201);
      const token: string = ok.json().vault_form_token;
      expect((await post(JSON.stringify(card({ number: '4000002760003185', holder_name: holder })))).statusCode).toBe(
        400,
      );
      expect((await post(JSON.stringify(card({ number: `${pan}x`, holder_name: holder })))).statusCode).toBe(400);
      expect(
        (await post(JSON.stringify(card({ number: pan, holder_name: holder, expiry_year: '1' })))).statusCode,
      ).toBe(400);
      expect((await post(`{"number":"${pan}","holder_name":"${holder}",}`)).statusCode).toBe(400);
      expect((await post(JSON.stringify(card({ number: pan, holder_name: holder })), 'pk_wrong')).statusCode).toBe(401);
      expect((await post(JSON.stringify(card({ number: pan, holder_name: holder })), 'sk_wrong')).statusCode).toBe(401);

      const log = lines.join('');
      expect(log).toContain('card vaulted');
      expect(log).toContain('request completed');
      for (const secret of [
        pan,
        '4000002760003185',
        pan.slice(0, 12),
        holder,
        token,
        merchant.publishable_key,
        merchant.api_key,
      ]) {
        expect(log).not.toContain(secret);
      }
    } finally {
      await api.close();
    }
  });
});

describe('the CVV and a replayed authorization', () => {
  const key = () => stack.config.encryptionKey;

  it('erases the CVV with the answer it obtained, which a repeat under the same key gets back without calling the partner', async () => {
    const token: string = (await tokenize(card({ number: '4242424242424242', cvv: '321' }))).body.vault_form_token;
    const { authorizeLeg } = createPartnerCallActivities({
      sql: stack.sql,
      encryptionKey: key(),
      partners: partnersFor(stack.config),
    });
    const input = {
      entity_id: merchant.entity_id,
      idempotency_key: `vault-test/${randomUUID()}`,
      partner: 'sandbox-card',
      method: 'creditcard',
      amount: 1234,
      currency: 'EUR' as const,
      instrument: { kind: 'vaulted-card' as const, vault_form_token: token },
      order_reference: 'vault-replay',
      return_url: 'http://127.0.0.1:9/return',
      notification_url: 'http://127.0.0.1:9/notify',
    };
    const first = await authorizeLeg(input);
    expect(first).toMatchObject({ type: 'authorization', status: 'AUTHORIZED', authorized_amount: 1234 });
    expect(await findVaultedCard(stack.sql, merchant.entity_id, token)).toMatchObject({
      status: 'found',
      card: { has_cvv: false },
    });

    // What a worker that crashed before recording the answer does: the very same call again.
    const repeat = await authorizeLeg(input);
    expect(repeat).toEqual(first);
    const response = await fetch(
      `${stack.sandbox.url}/ledger?authorization_reference=${encodeURIComponent(first.partner_reference)}`,
    );
    const { entries }: { entries: { type: string }[] } = await response.json();
    expect(entries.filter((entry) => entry.type === 'AUTHORIZE')).toHaveLength(1);

    // The kept answer is the answer to that key, for that entity's card only.
    expect(
      await cvvAnswerFor(stack.sql, key(), merchant.entity_id, token, `${input.idempotency_key}/other`),
    ).toBeUndefined();
    expect(await cvvAnswerFor(stack.sql, key(), other.entity_id, token, input.idempotency_key)).toBeUndefined();
    const stored = await stack.sql<{ answer_encrypted: string }[]>`select answer_encrypted from vaulted_card_answers`;
    expect(stored.length).toBeGreaterThan(0);
    for (const row of stored) expect(row.answer_encrypted).not.toContain(first.partner_reference);
  });
});
