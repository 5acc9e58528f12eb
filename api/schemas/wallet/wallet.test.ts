import { describe, expect, it } from 'vitest';
import { schemaErrors } from '../check';
import { idOf } from '../typebox';
import { v2Schemas } from '../v2';
import { edit, REMOVE } from '../v2/testing/json-edit';
import {
  WalletLegacySessionRequest,
  WalletSession,
  WalletSessionRequest,
  walletSchemas,
  WalletToken,
  WalletTokenAddRequest,
  WalletTokenStatusUpdateRequest,
} from '.';

const references = [...v2Schemas, ...walletSchemas];
const pointersOf = (schema: Parameters<typeof schemaErrors>[0], value: unknown) =>
  schemaErrors(schema, value, references).map((e) => e.pointer);

const description = { brand_name: 'VISA', display_token: '•••• 4242' };
const payment_id = { partner: 'sandbox-card', method: 'creditcard' };

describe('wallet schemas', () => {
  it('do not reuse a v2 component name', () => {
    const v2 = new Set(v2Schemas.map(idOf));
    expect(walletSchemas.filter((s) => v2.has(idOf(s)))).toEqual([]);
  });

  it('require owner_reference to open a session', () => {
    expect(pointersOf(WalletSessionRequest, { owner_reference: 'CUST-1' })).toEqual([]);
    expect(pointersOf(WalletSessionRequest, {})).toContain('/owner_reference');
    expect(pointersOf(WalletSessionRequest, { owner_reference: '' })).toContain('/owner_reference');
    expect(pointersOf(WalletSessionRequest, { owner_reference: 42 })).toContain('/owner_reference');
    const session = {
      session_id: '6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
      owner_reference: 'CUST-1',
      merchant: 'm',
      expiration_date: '2025-03-14T10:00:00Z',
    };
    expect(pointersOf(WalletSession, session)).toEqual([]);
    expect(pointersOf(WalletSession, { ...session, session_id: 'ws_1' })).toContain('/session_id');
  });

  it('take an integer owner_reference on the legacy session request only', () => {
    expect(pointersOf(WalletLegacySessionRequest, { owner_reference: 42 })).toEqual([]);
    expect(pointersOf(WalletLegacySessionRequest, { owner_reference: 'CUST-1' })).toEqual([]);
    expect(pointersOf(WalletLegacySessionRequest, { owner_reference: 4.2 })).toContain('/owner_reference');
    expect(pointersOf(WalletLegacySessionRequest, {})).toContain('/owner_reference');
  });

  const add = { token: 'sbx_tok_41hd7', expiration_date: '2028-09-30', description, payment_id, reason: 'checkout' };

  it('accept a token add request and require its four fields', () => {
    expect(pointersOf(WalletTokenAddRequest, add)).toEqual([]);
    for (const field of ['token', 'expiration_date', 'description', 'payment_id']) {
      expect(pointersOf(WalletTokenAddRequest, edit(add, `/${field}`, REMOVE))).toContain(`/${field}`);
    }
    expect(pointersOf(WalletTokenAddRequest, edit(add, '/description/display_token', REMOVE))).toContain(
      '/description/display_token',
    );
  });

  it('require a known status to update a token', () => {
    expect(pointersOf(WalletTokenStatusUpdateRequest, { status: 'INACTIVE', reason: 'lost card' })).toEqual([]);
    expect(pointersOf(WalletTokenStatusUpdateRequest, {})).toContain('/status');
    expect(pointersOf(WalletTokenStatusUpdateRequest, { status: 'DELETED' })).toContain('/status');
  });

  it('describe a token projection', () => {
    const token = {
      id: '0b8e6c4a-2f1d-4e3b-9a7c-5d6e7f8a9b0c',
      expiration_date: '2028-09-30T23:59:59Z',
      owner_reference: 'CUST-1',
      merchant: 'm',
      status: 'ACTIVE',
      description,
      payment_id,
      created_at: '2025-03-14T10:00:00Z',
      updated_at: '2025-03-14T10:00:00Z',
      value: 'sbx_tok_41hd7',
      favorite: true,
    };
    expect(pointersOf(WalletToken, token)).toEqual([]);
    expect(pointersOf(WalletToken, { ...token, favorite: 'yes' })).toContain('/favorite');
    expect(pointersOf(WalletToken, { ...token, id: 'tok_1' })).toContain('/id');
    const { value: _value, ...withoutValue } = token;
    expect(pointersOf(WalletToken, withoutValue)).toEqual([]);
  });
});
