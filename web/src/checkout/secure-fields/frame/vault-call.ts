// The card number frame's one request: POST /v2/vault/cards on Tessera's own origin (the frame's),
// with the publishable key its parent gave. Its answer is reduced to what the parent may know.
import { fieldOfPointer, vaultCardRequest } from '../../core/card-input';
import { SECURE_FIELD_PAGE, type TokenizeFailure, type Tokenized } from '../protocol';

export interface CardValuesToVault {
  number: string;
  expiry: string;
  cvc: string;
  holder: string;
}

const TIMEOUT_MS = 45_000;

/** Tessera's API address, from the frame page's own (it is served below api_url). */
export function vaultUrlOf(location: Pick<Location, 'origin' | 'pathname'>): string {
  const base = location.pathname.endsWith(SECURE_FIELD_PAGE)
    ? location.pathname.slice(0, -SECURE_FIELD_PAGE.length)
    : '';
  return `${location.origin}${base}/v2/vault/cards`;
}

/** The vault's refusal, as the parent hears it: which fields, in words for a shopper. */
export function failureOfAnswer(status: number, body: unknown): TokenizeFailure {
  if (status === 400) {
    const errors =
      typeof body === 'object' && body !== null && Array.isArray((body as { errors?: unknown }).errors)
        ? ((body as { errors: { pointer?: string; detail?: string }[] }).errors ?? [])
        : [];
    const fields: NonNullable<TokenizeFailure['fields']> = [];
    for (const error of errors) {
      const field = fieldOfPointer(error.pointer);
      if (!field || fields.some((known) => known.field === field)) continue;
      fields.push({
        field,
        message:
          field === 'expiry' && error.detail?.includes('expired')
            ? 'This card has expired.'
            : 'Check this field: the card was not accepted as entered.',
      });
    }
    return { code: 'refused', message: 'The card was not accepted as entered.', fields };
  }
  if (status === 401 || status === 403)
    return { code: 'unauthorized', message: 'The publishable key was refused by the vault.' };
  if (status === 429)
    return { code: 'rate_limited', message: 'Too many card attempts in a short time: wait a few minutes.' };
  return { code: 'unavailable', message: `The vault answered ${status}.` };
}

/** Only the token and what may be shown of the card: nothing else of the answer reaches the parent. */
export function cardSummaryOf(body: Tokenized): Tokenized {
  return {
    vault_form_token: body.vault_form_token,
    card: {
      detected_brands: [...body.card.detected_brands],
      bin: body.card.bin,
      last_four_digits: body.card.last_four_digits,
    },
  };
}

export async function tokenizeCard(
  location: Pick<Location, 'origin' | 'pathname'>,
  publishableKey: string,
  values: CardValuesToVault,
  doFetch: typeof fetch = (input, init) => fetch(input, init),
): Promise<{ ok: true; body: Tokenized } | { ok: false; failure: TokenizeFailure }> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
  let response: Response;
  try {
    response = await doFetch(vaultUrlOf(location), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', 'x-api-key': publishableKey },
      body: JSON.stringify(vaultCardRequest(values)),
      credentials: 'omit',
      cache: 'no-store',
      signal: controller.signal,
    });
  } catch {
    return { ok: false, failure: { code: 'network', message: 'The vault could not be reached.' } };
  } finally {
    clearTimeout(timer);
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  if (response.status === 201 && typeof body === 'object' && body !== null)
    return { ok: true, body: body as Tokenized };
  return { ok: false, failure: failureOfAnswer(response.status, body) };
}
