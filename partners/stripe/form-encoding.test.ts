import { describe, expect, it } from 'vitest';
import { formEncode } from './form-encoding';

describe('formEncode', () => {
  it('writes nested objects and arrays with bracketed keys, in order', () => {
    const body = formEncode({
      amount: 2500,
      confirm: true,
      metadata: { tessera_key: 'payment/1/auth/2' },
      payment_method_options: { card: { request_three_d_secure: 'automatic' } },
      expand: ['latest_charge', 'payment_method'],
    });
    expect(decodeURIComponent(body).split('&')).toEqual([
      'amount=2500',
      'confirm=true',
      'metadata[tessera_key]=payment/1/auth/2',
      'payment_method_options[card][request_three_d_secure]=automatic',
      'expand[0]=latest_charge',
      'expand[1]=payment_method',
    ]);
  });

  it('leaves out undefined and null values, and escapes keys and values', () => {
    expect(formEncode({ a: undefined, b: null, c: 'x&y=z', d: { e: undefined } })).toBe('c=x%26y%3Dz');
    expect(formEncode({ 'metadata[odd key]': 'é' })).toBe('metadata%5Bodd%20key%5D=%C3%A9');
  });
});
