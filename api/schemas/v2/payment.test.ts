import { describe, expect, it } from 'vitest';
import { validateCreatePayment } from '../../../domain/validation/create-payment';
import { operationRequestForm, validateOperationRequest } from '../../../domain/validation/operation';
import { validateCard } from '../../../domain/card';
import { matchesSchema, schemaErrors } from '../check';
import { OAuthTokenRequest, OAuthTokenResponse, SigningJwks } from './auth';
import { CreatePaymentRequest } from './create-payment';
import { ApiError, IdempotencyConflict, Problem } from './errors';
import { OperationRequest } from './operation';
import { Payment } from './payment';
import { VaultCardRequest, VaultCardResponse } from './vault';
import { capturedPayment, pendingPayment, splitCreatePaymentRequest } from './testing/fixtures';
import { edit, REMOVE } from './testing/json-edit';
import { problemBody } from '../../errors/problem';
import { apiErrorBody } from '../../errors/api-error';

const pointersOf = (schema: Parameters<typeof schemaErrors>[0], value: unknown) =>
  schemaErrors(schema, value).map((e) => e.pointer);

describe('CreatePaymentRequest', () => {
  const valid = splitCreatePaymentRequest();

  it('accepts a realistic split payment, through the schema and the domain rules', () => {
    expect(schemaErrors(CreatePaymentRequest, valid)).toEqual([]);
    expect(validateCreatePayment(valid)).toEqual([]);
  });

  it('accepts the required fields alone', () => {
    const minimal = { amount: 100, currency: 'USD', entity_id: valid.entity_id, order: { reference: 'R-1' } };
    expect(schemaErrors(CreatePaymentRequest, minimal)).toEqual([]);
  });

  it.each<[string, unknown, string]>([
    ['/amount', REMOVE, '/amount'],
    ['/amount', 0, '/amount'],
    ['/currency', REMOVE, '/currency'],
    ['/entity_id', REMOVE, '/entity_id'],
    ['/order', REMOVE, '/order'],
    ['/split', [], '/split'],
    ['/split/0/amount', 0, '/split/0/amount'],
    ['/split/1/amount', REMOVE, '/split/1/amount'],
    ['/split/0/parent_partner_transaction_id', 'pt-1', '/split/0/parent_partner_transaction_id'],
    ['/split/2/card/expiry_month', '9', '/split/2/card/expiry_month'],
    ['/split/2/card/expiry_year', '2028', '/split/2/card/expiry_year'],
    ['/split/2/card/expiry_year', 28, '/split/2/card/expiry_year'],
    ['/split/2/card/selected_network', 'DINERS', '/split/2/card/selected_network'],
    [
      '/split/2/three_ds_authentication_options/challenge_exemption',
      'NONE',
      '/split/2/three_ds_authentication_options/challenge_exemption',
    ],
    ['/browser/time_zone_offset', 900, '/browser/time_zone_offset'],
    ['/shopper_redirection_url', 'data:text/html,hi', '/shopper_redirection_url'],
  ])('a bad %s is caught by the schema at %s', (at, value, path) => {
    expect(pointersOf(CreatePaymentRequest, edit(valid, at, value))).toContain(path);
  });

  it('leaves cross-field split rules to the domain', () => {
    const noParent = edit(valid, '/split/1/parent_partner_reference', REMOVE);
    expect(schemaErrors(CreatePaymentRequest, noParent)).toEqual([]);
    const body = splitCreatePaymentRequest();
    body.split = (body.split ?? []).map((entry, i) =>
      i === 1 ? { amount: entry.amount, partner: 'sandbox-giftcard', method: 'giftcard' } : entry,
    );
    expect(validateCreatePayment(body).map((e) => e.pointer)).toEqual(['/split/1']);
  });
});

describe('OperationRequest', () => {
  it.each<[string, unknown, string]>([
    ['amount only', { amount: 5000 }, 'AMOUNT_ONLY'],
    [
      'priority',
      { amount: 5000, merchant_reference: 'CAP-1', priority: [{ partner: 'sandbox-giftcard', method: 'giftcard' }] },
      'PRIORITY',
    ],
    [
      'partner transaction',
      { amount: 5000, partner_transaction_id: '5a1e0f3c-2b4d-4e6f-8a9b-0c1d2e3f4a5b' },
      'PARTNER_TRANSACTION',
    ],
  ])('accepts the %s form', (_, body, form) => {
    expect(schemaErrors(OperationRequest, body)).toEqual([]);
    if (!matchesSchema(OperationRequest, body)) throw new Error('schema and checker disagree');
    expect(operationRequestForm(body)?.form).toBe(form);
  });

  it('accepts an order with shipments and classifies typed bodies', () => {
    const body: OperationRequest = {
      amount: 5000,
      order: { shipments: [{ net_amount: 5000, item_lines: [{ sku_reference: 'LMP-0042-BLU', quantity: 1 }] }] },
    };
    expect(schemaErrors(OperationRequest, body)).toEqual([]);
    expect(validateOperationRequest(body)).toEqual([]);
    expect(operationRequestForm(body)?.form).toBe('AMOUNT_ONLY');
  });

  it.each<[unknown, string]>([
    [{}, '/amount'],
    [{ amount: 0 }, '/amount'],
    [{ amount: 1, priority: [] }, '/priority'],
    [{ amount: 1, priority: [{ partner: 'sandbox-card' }] }, '/priority/0/method'],
    [{ amount: 1, partner_transaction_id: 'abc' }, '/partner_transaction_id'],
  ])('the schema refuses %j at %s', (body, path) => {
    expect(pointersOf(OperationRequest, body)).toContain(path);
  });
});

describe('Payment answer', () => {
  it('accepts a pending payment with its redirection and a captured one', () => {
    expect(schemaErrors(Payment, pendingPayment())).toEqual([]);
    expect(schemaErrors(Payment, capturedPayment())).toEqual([]);
  });

  it.each<[string, unknown]>([
    ['/overview/captured', 'HALF'],
    ['/amounts/available_to_capture', -1],
    ['/authorization/status', 'OK'],
    ['/authorization/partner_transactions/0/card/three_ds/eci', '5'],
    ['/authorization/partner_transactions/0/card/expiry_year', '2028'],
    ['/redirection/method', 'PUT'],
    ['/authentication/flow', 'SILENT'],
  ])('refuses %s = %j', (at, value) => {
    expect(pointersOf(Payment, edit(pendingPayment(), at, value))).toContain(at);
  });

  it('refuses an unknown trigger origin', () => {
    expect(pointersOf(Payment, edit(capturedPayment(), '/captures/0/triggered_by', 'SHOPPER'))).toContain(
      '/captures/0/triggered_by',
    );
  });
});

describe('Vault card', () => {
  const request = {
    number: '4242424242424242',
    expiry_month: '09',
    expiry_year: '28',
    cvv: '123',
    holder_name: 'CAMILLE MARTIN',
  };

  it('accepts the request and answer real integrations send and read', () => {
    expect(schemaErrors(VaultCardRequest, request)).toEqual([]);
    expect(validateCard(request, { year: 2025, month: 3 })).toEqual([]);
    expect(
      schemaErrors(VaultCardResponse, {
        vault_form_token: 'vft_5d0f3a9b7c',
        card: { detected_brands: ['VISA'], bin: '424242', last_four_digits: '4242' },
      }),
    ).toEqual([]);
  });

  it.each<[string, unknown]>([
    ['/number', '4242 4242 4242 4242'],
    ['/number', REMOVE],
    ['/expiry_month', '9'],
    ['/expiry_year', '2028'],
    ['/cvv', '12'],
    ['/cvv', REMOVE],
  ])('refuses %s = %s', (at, value) => {
    expect(pointersOf(VaultCardRequest, edit(request, at, value))).toContain(at);
  });
});

describe('errors and auth', () => {
  // Built by the code that answers errors, so the documented schema and what is sent cannot drift.
  const problem = problemBody({
    status: 400,
    code: 'invalid_request',
    detail: 'The request body is invalid.',
    instance: '/v2/client-sessions',
    requestId: 'req-7f3a9c2b',
    errors: [{ pointer: '/order/net_amount', detail: 'must not be below the payment amount (2599)' }],
  });

  it('documents what the error handler sends: the machine code in `error`, the reason phrase in `title`', () => {
    expect(problem).toMatchObject({
      error: 'invalid_request',
      title: 'Bad Request',
      type: 'https://tessera.dev/problems/invalid-request',
    });
    const conflict = problemBody({
      status: 409,
      code: 'idempotency_conflict',
      detail: 'repeated',
      instance: '/v2/payments',
      requestId: 'r',
      resourceId: '0c7d9a4e-8b1f-4e2a-9c3d-5e6f7a8b9c0d',
    });
    expect(schemaErrors(IdempotencyConflict, conflict)).toEqual([]);
    const legacy = apiErrorBody({ status: 404, message: 'token not found', requestId: 'r', path: '/wallet/v2/x' });
    expect(schemaErrors(ApiError, legacy)).toEqual([]);
    expect(legacy).toMatchObject({ error_code: 'NOT_FOUND', error: 'Not Found' });
  });

  it('accepts a problem, and an idempotency conflict carrying resource_id', () => {
    expect(schemaErrors(Problem, problem)).toEqual([]);
    expect(
      schemaErrors(IdempotencyConflict, {
        ...problem,
        status: 409,
        title: 'Conflict',
        resource_id: '0c7d9a4e-8b1f-4e2a-9c3d-5e6f7a8b9c0d',
      }),
    ).toEqual([]);
    expect(pointersOf(IdempotencyConflict, { ...problem, status: 409 })).toContain('/resource_id');
    expect(pointersOf(Problem, { ...problem, request_id: undefined })).toContain('/request_id');
  });

  it('accepts a legacy ApiError', () => {
    const apiError = {
      timestamp: '2025-03-14T09:26:53Z',
      error_code: 'NOT_FOUND',
      message: 'token not found',
      request_id: 'r',
      status: 404,
      path: '/wallet/v2/x',
      error: 'Not Found',
    };
    expect(schemaErrors(ApiError, apiError)).toEqual([]);
    expect(pointersOf(ApiError, { ...apiError, error_code: 'OOPS' })).toContain('/error_code');
  });

  it('accepts token request and answer, and refuses another grant type', () => {
    expect(schemaErrors(OAuthTokenRequest, { grant_type: 'client_credentials' })).toEqual([]);
    expect(pointersOf(OAuthTokenRequest, { grant_type: 'password' })).toContain('/grant_type');
    expect(pointersOf(OAuthTokenRequest, {})).toContain('/grant_type');
    expect(
      schemaErrors(OAuthTokenResponse, {
        access_token: 'eyJ',
        expires_in: 3600,
        scope: 'payment-api',
        token_type: 'Bearer',
      }),
    ).toEqual([]);
  });

  it('accepts a signing key set', () => {
    expect(
      schemaErrors(SigningJwks, { keys: [{ kty: 'RSA', e: 'AQAB', kid: 'k1', n: '0vx7', alg: 'RS256', use: 'sig' }] }),
    ).toEqual([]);
    expect(pointersOf(SigningJwks, { keys: [{ kty: 'RSA', kid: 'k1' }] })).toEqual(
      expect.arrayContaining(['/keys/0/e', '/keys/0/n']),
    );
  });
});
