// The browser's calls to Tessera: open the session, tokenize at the vault, submit. Card and gift
// card numbers only ever go to the vault routes; a submission carries their tokens.
import type { ClientSessionView, Problem, SavedMethodView, SplitEntry, Submission } from './types';

/** The API answered with an error status (problem+json when it could say more). */
export class CheckoutApiError extends Error {
  override readonly name = 'CheckoutApiError';
  constructor(
    readonly status: number,
    readonly problem: Problem | undefined,
  ) {
    super(problem?.detail ?? problem?.title ?? `HTTP ${status}`);
  }
  /** The `errors[]` of a 400: each offending field's JSON pointer and why. */
  get fieldErrors(): { pointer?: string; detail?: string }[] {
    return this.problem?.errors ?? [];
  }
}

/** No answer: offline, blocked, or too slow. */
export class CheckoutNetworkError extends Error {
  override readonly name = 'CheckoutNetworkError';
}

export interface CardTokenization {
  vault_form_token: string;
  card: { detected_brands: string[]; bin: string; last_four_digits: string };
}
export interface GiftCardTokenization {
  vault_form_token: string;
  gift_card: { last_four_digits: string };
}
export interface GiftCardBalance {
  balance: number;
  currency: string;
  active: boolean;
  gift_card: { last_four_digits: string };
}

export interface CheckoutApi {
  readonly apiUrl: string;
  /** The entity's publishable key, once known (widget.data, or the hosted page's first answer). */
  readonly publishableKey: string | undefined;
  /** One call to Tessera: JSON in and out, the publishable key sent unless `authenticated` is false. */
  request<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown, authenticated?: boolean): Promise<T>;
  /** The widget: with the publishable key from widget.data. */
  openSession(sessionId: string): Promise<ClientSessionView>;
  vaultGiftCard(giftCard: { number: string; pin?: string }): Promise<GiftCardTokenization>;
  giftCardBalance(vaultFormToken: string, currency: string): Promise<GiftCardBalance>;
  submitPayment(sessionId: string, split: SplitEntry[]): Promise<Submission>;
  /** The session customer's active saved cards, favorite first ([] without a customer.reference). */
  savedMethods(sessionId: string): Promise<SavedMethodView[]>;
  /** The shopper removes a saved card from their wallet at this merchant. */
  removeSavedMethod(sessionId: string, savedMethodId: string): Promise<void>;
}

export interface PaymentMethodLimits {
  partner: string;
  method: string;
  min_amount: number;
  max_amount: number;
}

export interface CheckoutApiOptions {
  /** Origin (and path prefix) of Tessera; '' for the page's own origin. */
  apiUrl: string;
  publishableKey?: string;
  fetch?: typeof fetch;
  /** Every call gives up after this long (a shopper should not wait for ever). */
  timeoutMs?: number;
}

export function createCheckoutApi(options: CheckoutApiOptions): CheckoutApi & { setPublishableKey(key: string): void } {
  const apiUrl = options.apiUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const timeoutMs = options.timeoutMs ?? 45_000;
  let publishableKey = options.publishableKey;

  async function call<T>(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    body?: unknown,
    authenticated = true,
  ): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (authenticated && publishableKey) headers['x-api-key'] = publishableKey;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    let response: Response;
    try {
      response = await doFetch(`${apiUrl}${path}`, {
        method,
        headers,
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        signal: controller.signal,
        credentials: 'omit',
        cache: 'no-store',
      });
    } catch (error) {
      throw new CheckoutNetworkError(error instanceof Error ? error.message : String(error));
    } finally {
      clearTimeout(timer);
    }
    let parsed: unknown;
    try {
      const text = await response.text();
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    if (!response.ok)
      throw new CheckoutApiError(
        response.status,
        typeof parsed === 'object' && parsed !== null ? (parsed as Problem) : undefined,
      );
    return parsed as T;
  }

  const id = encodeURIComponent;
  return {
    apiUrl,
    get publishableKey() {
      return publishableKey;
    },
    setPublishableKey(key) {
      publishableKey = key;
    },
    request: call,
    openSession: (sessionId) => call('GET', `/checkout/v1/sessions/${id(sessionId)}`),
    vaultGiftCard: (giftCard) => call('POST', '/v2/vault/gift-cards', giftCard),
    giftCardBalance: (vaultFormToken, currency) =>
      call('POST', '/v2/vault/gift-cards/balance', { vault_form_token: vaultFormToken, currency }),
    submitPayment: (sessionId, split) => call('POST', `/checkout/v1/sessions/${id(sessionId)}/payments`, { split }),
    savedMethods: (sessionId) => call('GET', `/checkout/v1/sessions/${id(sessionId)}/saved-methods`),
    removeSavedMethod: (sessionId, savedMethodId) =>
      call('DELETE', `/checkout/v1/sessions/${id(sessionId)}/saved-methods/${id(savedMethodId)}`),
  };
}

// Calls only some checkouts make, as functions so that a bundle without them leaves them out.

/** The hosted page: its own address is the capability; answers the publishable key too. */
export const openHostedSession = (
  api: CheckoutApi,
  entityId: string,
  sessionId: string,
): Promise<{ publishable_key: string; session: ClientSessionView }> =>
  api.request(
    'GET',
    `/checkout/v1/entities/${encodeURIComponent(entityId)}/sessions/${encodeURIComponent(sessionId)}`,
    undefined,
    false,
  );

/** The hosted page's card, from its own inputs (the widget's frames tokenize themselves). */
export const vaultCard = (
  api: CheckoutApi,
  card: { number: string; expiry_month: string; expiry_year: string; cvv: string; holder_name?: string },
): Promise<CardTokenization> => api.request('POST', '/v2/vault/cards', card);

/** The session's solutions with the amounts their contracts take (a split's parts must fit them). */
export const paymentMethodLimits = (api: CheckoutApi, sessionId: string): Promise<PaymentMethodLimits[]> =>
  api.request('GET', `/checkout/v1/sessions/${encodeURIComponent(sessionId)}/payment-methods`);
