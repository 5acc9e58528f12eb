// Helpers for payment tests: tokenize a card, create a payment, drive the sandbox's shopper pages.
// What a merchant's server does goes through the typed client (api/client), as a merchant's would.
import type { V2Components } from '../../api/client';
import type { CreatedMerchant } from '../../db/merchants';
import { eventually } from './api-client';
import type { Stack } from './stack';

type Schemas = V2Components['schemas'];

export async function vaultCard(
  stack: Stack,
  merchant: CreatedMerchant,
  number: string,
  overrides: Partial<Schemas['VaultCardRequest']> = {},
): Promise<string> {
  const { data, error, response } = await stack.client({ apiKey: merchant.api_key }).v2.POST('/v2/vault/cards', {
    body: {
      number,
      expiry_month: '12',
      expiry_year: '30',
      cvv: number.startsWith('37') ? '1234' : '123',
      holder_name: 'Camille Martin',
      ...overrides,
    },
  });
  if (!data) throw new Error(`vault refused the card: ${response.status} ${JSON.stringify(error)}`);
  return data.vault_form_token;
}

export function cardPayment(
  entityId: string,
  token: string,
  overrides: Partial<Schemas['CreatePaymentRequest']> = {},
): Schemas['CreatePaymentRequest'] {
  const amount = overrides.amount ?? 10000;
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

/** Reads the payment until its authorization has this status: from the read model, else through its workflow. */
export async function waitForAuthorization(
  stack: Stack,
  token: string,
  paymentId: string,
  status: string,
): Promise<Schemas['Payment']> {
  const tessera = stack.client({ accessToken: token });
  const read = (cacheControl?: string) =>
    tessera.v2.GET('/v2/payments/{id}', {
      params: { path: { id: paymentId }, ...(cacheControl ? { header: { 'cache-control': cacheControl } } : {}) },
    });
  return eventually(
    async () => {
      const cached = await read('max-age=0');
      const fresh = cached.data?.authorization?.status === status ? cached : await read();
      return fresh.data?.authorization?.status === status ? fresh.data : undefined;
    },
    { what: `authorization ${status}`, timeoutMs: 30_000, intervalMs: 200 },
  );
}
