import { describe, expect, it } from 'vitest';
import { cardSummaryOf, failureOfAnswer, tokenizeCard, vaultUrlOf } from './vault-call';

const frame = { origin: 'https://api.tessera.example', pathname: '/base/secure-fields/v1/field.html' };
const card = { number: '4242 4242 4242 4242', expiry: '12 / 30', cvc: '123', holder: ' Camille Martin ' };

describe('the card number frame’s call to the vault', () => {
  it('posts the card to the vault of its own origin, with the publishable key', async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    const answer = await tokenizeCard(frame, 'pk_test', card, async (url, init) => {
      calls.push({ url: String(url), init: init ?? {} });
      return new Response(
        JSON.stringify({
          vault_form_token: 'vft_1',
          card: { detected_brands: ['VISA'], bin: '424242', last_four_digits: '4242' },
          extra: 'not for the parent',
        }),
        { status: 201 },
      );
    });
    expect(vaultUrlOf(frame)).toBe('https://api.tessera.example/base/v2/vault/cards');
    expect(calls[0]!.url).toBe('https://api.tessera.example/base/v2/vault/cards');
    expect(calls[0]!.init.headers).toMatchObject({ 'x-api-key': 'pk_test' });
    expect(calls[0]!.init.credentials).toBe('omit');
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({
      number: '4242424242424242',
      expiry_month: '12',
      expiry_year: '30',
      cvv: '123',
      holder_name: 'Camille Martin',
    });
    expect(answer.ok && cardSummaryOf(answer.body)).toEqual({
      vault_form_token: 'vft_1',
      card: { detected_brands: ['VISA'], bin: '424242', last_four_digits: '4242' },
    });
  });

  it('turns the vault’s refusals into what the parent may hear', async () => {
    expect(
      failureOfAnswer(400, {
        errors: [
          { pointer: '/expiry_month', detail: 'the card has expired' },
          { pointer: '/expiry_year', detail: 'must be at most 20 years ahead' },
          { pointer: '/cvv', detail: 'must be 3 digits' },
        ],
      }),
    ).toEqual({
      code: 'refused',
      message: 'The card was not accepted as entered.',
      fields: [
        { field: 'expiry', message: 'This card has expired.' },
        { field: 'cvc', message: 'Check this field: the card was not accepted as entered.' },
      ],
    });
    expect(failureOfAnswer(401, undefined).code).toBe('unauthorized');
    expect(failureOfAnswer(429, undefined).code).toBe('rate_limited');
    expect(failureOfAnswer(503, undefined).code).toBe('unavailable');
    const offline = await tokenizeCard(frame, 'pk', card, async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(offline).toEqual({ ok: false, failure: { code: 'network', message: 'The vault could not be reached.' } });
  });
});
