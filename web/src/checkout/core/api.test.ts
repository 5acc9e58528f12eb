import { describe, expect, it } from 'vitest';
import { CheckoutApiError, CheckoutNetworkError, createCheckoutApi, openHostedSession, vaultCard } from './api';

function recorder(answer: () => Response | Promise<Response>) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input), init: init ?? {} });
    return answer();
  };
  return { calls, fetch: fetch as typeof globalThis.fetch };
}

describe('createCheckoutApi', () => {
  it('sends the publishable key to the vault and the session routes, never cookies', async () => {
    const { calls, fetch } = recorder(
      () => new Response(JSON.stringify({ vault_form_token: 'vft_1' }), { status: 201 }),
    );
    const api = createCheckoutApi({ apiUrl: 'http://127.0.0.1:3000/', publishableKey: 'pk_1', fetch });
    await expect(
      vaultCard(api, { number: '4242424242424242', expiry_month: '12', expiry_year: '30', cvv: '123' }),
    ).resolves.toEqual({ vault_form_token: 'vft_1' });
    expect(calls[0]?.url).toBe('http://127.0.0.1:3000/v2/vault/cards');
    expect(calls[0]?.init).toMatchObject({
      method: 'POST',
      credentials: 'omit',
      headers: { 'x-api-key': 'pk_1', 'content-type': 'application/json' },
    });
  });

  it('opens the hosted page’s session without a key, then uses the key it answers', async () => {
    const { calls, fetch } = recorder(() => new Response('{}', { status: 200 }));
    const api = createCheckoutApi({ apiUrl: '', fetch });
    await openHostedSession(api, 'e 1', 's/1');
    expect(calls[0]?.url).toBe('/checkout/v1/entities/e%201/sessions/s%2F1');
    expect((calls[0]?.init.headers as Record<string, string> | undefined)?.['x-api-key']).toBeUndefined();
    api.setPublishableKey('pk_2');
    await api.submitPayment('s1', []);
    expect(calls[1]?.url).toBe('/checkout/v1/sessions/s1/payments');
    expect(JSON.parse(String(calls[1]?.init.body))).toEqual({ split: [] });
    expect((calls[1]?.init.headers as Record<string, string> | undefined)?.['x-api-key']).toBe('pk_2');
  });

  it('lists the session customer’s saved cards and removes one, with the publishable key', async () => {
    const { calls, fetch } = recorder(
      () => new Response(calls.length === 1 ? '[]' : null, { status: calls.length === 1 ? 200 : 204 }),
    );
    const api = createCheckoutApi({ apiUrl: '', publishableKey: 'pk_3', fetch });
    await expect(api.savedMethods('s1')).resolves.toEqual([]);
    await expect(api.removeSavedMethod('s1', 'w/1')).resolves.toBeUndefined();
    expect(calls.map((call) => [call.init.method, call.url])).toEqual([
      ['GET', '/checkout/v1/sessions/s1/saved-methods'],
      ['DELETE', '/checkout/v1/sessions/s1/saved-methods/w%2F1'],
    ]);
    expect(calls[1]?.init).toMatchObject({ credentials: 'omit', headers: { 'x-api-key': 'pk_3' } });
  });

  it('turns error answers into CheckoutApiError with the problem’s field errors', async () => {
    const problem = {
      status: 400,
      detail: 'the card is invalid',
      errors: [{ pointer: '/number', detail: 'is not a valid card number (check digit)' }],
    };
    const { fetch } = recorder(() => new Response(JSON.stringify(problem), { status: 400 }));
    const error = await createCheckoutApi({ apiUrl: '', fetch })
      .vaultGiftCard({ number: '1' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CheckoutApiError);
    expect((error as CheckoutApiError).status).toBe(400);
    expect((error as CheckoutApiError).fieldErrors).toEqual(problem.errors);
  });

  it('turns no answer into CheckoutNetworkError, and gives up after its timeout', async () => {
    const offline = recorder(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(createCheckoutApi({ apiUrl: '', fetch: offline.fetch }).openSession('s')).rejects.toBeInstanceOf(
      CheckoutNetworkError,
    );
    const hanging = ((_input: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      )) as typeof fetch;
    await expect(
      createCheckoutApi({ apiUrl: '', fetch: hanging, timeoutMs: 20 }).openSession('s'),
    ).rejects.toBeInstanceOf(CheckoutNetworkError);
  });
});
