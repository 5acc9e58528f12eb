import { describe, expect, it } from 'vitest';
import type { V1CreateSessionApplication } from '../../schemas/v1';
import { clientSessionApplicationOf } from './session-application';

const ENTITY_ID = '3f2b8c1e-6a0d-4c8e-9f57-2d1b6e4a9c03';

function bodyWithCustomer(customer: NonNullable<V1CreateSessionApplication['order']['customer']>) {
  return {
    amount: '25.9900',
    order: { reference: 42, redirection: 'https://shop.example/return', currency_code: 'EUR', customer },
  } satisfies V1CreateSessionApplication;
}

function customerOf(customer: NonNullable<V1CreateSessionApplication['order']['customer']>) {
  const converted = clientSessionApplicationOf(ENTITY_ID, bodyWithCustomer(customer));
  if (!converted.ok) throw new Error(JSON.stringify(converted.errors));
  return converted.application.customer;
}

describe('a v1 customer in the v2 session', () => {
  it('keeps what v2 accepts', () => {
    expect(
      customerOf({ reference: 'CUST-42', birthdate: '1990-04-21', billing_address: { email: 'camille@example.com' } }),
    ).toEqual({ reference: 'CUST-42', email: 'camille@example.com', birth_date: '1990-04-21' });
  });

  // v2's request schema (Fastify's Ajv) refuses these addresses; TypeBox's own email format would
  // take them (api/schemas/formats.test.ts), so this holds only with Ajv's rule in api/schemas/typebox.ts.
  it.each(['user@localhost', '"camille martin"@example.com', 'camille@[192.168.0.1]'])(
    'leaves out an email v2 refuses: %s',
    (email) => {
      expect(customerOf({ reference: 'CUST-42', billing_address: { email } })).toEqual({ reference: 'CUST-42' });
    },
  );

  it('leaves out a birth date v2 refuses', () => {
    expect(customerOf({ reference: 'CUST-42', birthdate: '21/04/1990' })).toEqual({ reference: 'CUST-42' });
  });
});
