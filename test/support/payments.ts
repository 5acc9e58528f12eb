// Helpers for payment tests: tokenize a card, create a payment, drive the sandbox's shopper pages.
import type { CreatedMerchant } from '../../db/merchants';
import { call, eventually, type JsonResponse } from './api-client';
import type { Stack } from './stack';

export async function vaultCard(
  stack: Stack,
  merchant: CreatedMerchant,
  number: string,
  overrides: Record<string, unknown> = {},
): Promise<string> {
  const answer = await call(stack.baseUrl, 'POST', '/v2/vault/cards', {
    apiKey: merchant.api_key,
    body: {
      number,
      expiry_month: '12',
      expiry_year: '30',
      cvv: number.startsWith('37') ? '1234' : '123',
      holder_name: 'Camille Martin',
      ...overrides,
    },
  });
  if (answer.status !== 201) throw new Error(`vault refused the card: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.vault_form_token;
}

export function cardPayment(entityId: string, token: string, overrides: Record<string, unknown> = {}) {
  const amount = typeof overrides.amount === 'number' ? overrides.amount : 10000;
  return {
    entity_id: entityId,
    amount,
    currency: 'EUR',
    order: { reference: `order-${Math.random().toString(36).slice(2, 10)}`, net_amount: amount },
    shopper_redirection_url: 'https://shop.example/return',
    split: [{ amount, partner: 'sandbox-card', method: 'creditcard', vault_form_token: token }],
    ...overrides,
  };
}

/** Follows a sandbox shopper page (ACS, wallet, lender) and presses one of its buttons. */
export async function completeShopperPage(href: string, choice: string): Promise<Response> {
  const page = await fetch(href);
  const html = await page.text();
  const form = /<form[^>]*action="([^"]+)"/i.exec(html);
  const action = form ? new URL(form[1]!.replaceAll('&amp;', '&'), href).toString() : href;
  const buttons = [...html.matchAll(/<button[^>]*name="([^"]+)"[^>]*value="([^"]+)"/gi)];
  const button = buttons.find((match) => match[2]!.toLowerCase() === choice.toLowerCase());
  if (!button) throw new Error(`no "${choice}" button on ${href}: ${buttons.map((b) => b[2]).join(', ')}`);
  return fetch(action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ [button[1]!]: button[2]! }).toString(),
    redirect: 'manual',
  });
}

export async function waitForAuthorization(
  stack: Stack,
  token: string,
  paymentId: string,
  status: string,
): Promise<JsonResponse> {
  return eventually(
    async () => {
      const read = await call(stack.baseUrl, 'GET', `/v2/payments/${paymentId}`, {
        token,
        headers: { 'cache-control': 'max-age=0' },
      });
      const fresh =
        read.body?.authorization?.status === status
          ? read
          : await call(stack.baseUrl, 'GET', `/v2/payments/${paymentId}`, { token });
      return fresh.body?.authorization?.status === status ? fresh : undefined;
    },
    { what: `authorization ${status}`, timeoutMs: 30_000, intervalMs: 200 },
  );
}
