// Stripe's REST API over HTTPS (platform/http-transport.ts), form-encoded, with the retry
// contract's classification (partners/partner.ts): no answer, 5xx, 429 and a key still in flight
// (409) throw PartnerUnavailableError so Temporal retries with the same Idempotency-Key; any other
// answer is returned for the adapter to read, a card decline (402) included, since a decline is a
// definitive partner answer and never an error. Bodies may hold card data: never logged, never put in errors.
//
// Why not the official `stripe` package: it retries on its own (with keys it makes up unless told
// otherwise) and hides the attempt's outcome behind its own error classes, while Tessera needs every
// retry to be Temporal's, with Tessera's key, and an exact line between "no answer" and "refused".
// What is left is a form encoder and a header: no dependency earns its place for that.
import { noAnswer } from '../http';
import { PartnerRequestError, PartnerUnavailableError, type PartnerCall } from '../partner';
import { httpTransport, type HttpTransport, type TransportResponse } from '../../platform/http-transport';
import { formEncode, type FormValue } from './form-encoding';
import type { StripeError } from './wire';

/**
 * The API version the adapter is written and contract-tested against: the one the pinned
 * stripe-mock serves (scripts/ensure-stripe-mock.sh). Sent on every call, so an account upgraded
 * in Stripe's dashboard does not change what the adapter reads.
 */
export const STRIPE_API_VERSION = '2026-08-26.dahlia';
export const DEFAULT_STRIPE_API_URL = 'https://api.stripe.com';

export interface StripeClientConfig {
  apiUrl: string;
  secretKey: string;
  /** Per attempt; the activity's own timeout is larger. */
  timeoutMs: number;
  /** How requests are sent; tests wrap httpTransport to see them. */
  transport?: HttpTransport | undefined;
}

export interface StripeRequest {
  method: 'GET' | 'POST';
  path: string;
  params?: Record<string, FormValue>;
  /** Required on every POST: Stripe keeps the first answer of a key for 24 hours. */
  idempotencyKey?: string;
}

/** An answer Stripe gave: the object, or an error Stripe says retrying cannot cure. */
export type StripeAnswer<T> = { ok: true; status: number; body: T } | { ok: false; status: number; error: StripeError };

export class StripeClient {
  private readonly apiUrl: string;

  constructor(private readonly config: StripeClientConfig) {
    this.apiUrl = config.apiUrl.replace(/\/+$/, '');
  }

  async send<T>(call: PartnerCall, request: StripeRequest): Promise<StripeAnswer<T>> {
    const headers: Record<string, string> = {
      accept: 'application/json',
      authorization: `Bearer ${this.config.secretKey}`,
      'stripe-version': STRIPE_API_VERSION,
      'user-agent': 'Tessera (partners/stripe)',
    };
    if (request.method === 'POST') {
      if (!request.idempotencyKey) throw new Error(`stripe ${call}: a write without an Idempotency-Key`);
      headers['content-type'] = 'application/x-www-form-urlencoded';
      headers['idempotency-key'] = request.idempotencyKey;
    }
    const query = request.method === 'GET' && request.params ? formEncode(request.params) : '';
    let response: TransportResponse;
    let text: string;
    try {
      const send = this.config.transport ?? httpTransport;
      response = await send(`${this.apiUrl}${request.path}${query ? `?${query}` : ''}`, {
        method: request.method,
        headers,
        ...(request.method === 'POST' ? { body: formEncode(request.params ?? {}) } : {}),
        timeoutMs: this.config.timeoutMs,
      });
      // A connection cut while the body arrives is as good as no answer.
      text = await response.text();
    } catch (error) {
      throw noAnswer('stripe', call, error);
    }
    const json = parseJson(text);
    if (retryable(response)) throw new PartnerUnavailableError('stripe', call, 'http', response.status);
    if (response.ok) {
      if (!json || typeof json !== 'object' || !('object' in json)) {
        throw new PartnerUnavailableError('stripe', call, 'http', response.status);
      }
      return { ok: true, status: response.status, body: json as T };
    }
    const error = json && typeof json === 'object' && 'error' in json ? (json.error as StripeError) : undefined;
    if (!error || typeof error !== 'object') {
      // A 4xx that is not Stripe's (a proxy in the way): refused, but not by Stripe's rules.
      throw new PartnerRequestError('stripe', call, `http_${response.status}`, response.status, '');
    }
    return { ok: false, status: response.status, error };
  }

  /** The error to throw for an answer the adapter has no definitive outcome for. */
  static rejected(call: PartnerCall, answer: { status: number; error: StripeError }): PartnerRequestError {
    const { error } = answer;
    const code = error.type === 'idempotency_error' ? 'idempotency_key_reused' : (error.code ?? error.type);
    // Stripe's message about a refused key quotes part of it: the error (shown to the merchant,
    // kept in the workflow's history) says only that it was refused.
    const detail =
      answer.status === 401 || answer.status === 403
        ? "Stripe refused the entity's API key: check it with partner:configure"
        : (error.message ?? '').slice(0, 300);
    return new PartnerRequestError('stripe', call, code, answer.status, detail);
  }
}

/**
 * Stripe says whether a retry may succeed (`Stripe-Should-Retry`); without the header, no answer
 * from Stripe's side (5xx), too many requests (429), a timeout (408) and a key whose first request
 * is still running (409) are retried.
 */
function retryable(response: TransportResponse): boolean {
  const advice = response.header('stripe-should-retry');
  if (advice === 'true') return true;
  if (advice === 'false') return false;
  return response.status >= 500 || response.status === 429 || response.status === 408 || response.status === 409;
}

function parseJson(text: string): unknown {
  try {
    return text === '' ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}
