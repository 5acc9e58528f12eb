// The one error class of the headless SDK and the secure fields: a stable `code` to branch on, a
// message for developers (never card data), and the documentation page of the code. The codes
// are documented in docs/content/integrate/purse-checkout/headless-checkout/error-codes.mdx; a
// unit test keeps that page and this list in step.

/** Every code a TesseraCheckoutError can carry. Stable: new codes may come, none will change meaning. */
export const ERROR_CODES = [
  'invalid_options',
  'invalid_data',
  'session_not_found',
  'session_expired',
  'session_not_payable',
  'unauthorized',
  'network',
  'unavailable',
  'rate_limited',
  'method_not_available',
  'amount_out_of_limits',
  'split_invalid',
  'gift_card_invalid',
  'gift_card_empty',
  'saved_method_unusable',
  'card_fields_missing',
  'card_invalid',
  'card_refused',
  'frame_unavailable',
  'payment_refused',
  'payment_failed',
  'submission_in_progress',
  'destroyed',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** The page that explains the codes, below Tessera's documentation site. */
export const ERROR_CODES_PAGE = '/docs/integrate/purse-checkout/headless-checkout/error-codes';

export interface TesseraCheckoutErrorOptions {
  /** Tessera's address, to link the documentation (default: relative links). */
  apiUrl?: string;
  /** Fields of the card form concerned (card_invalid, card_refused). */
  fields?: string[];
  /** What the shopper may read (a refusal's reason in words), when there is one. */
  shopperMessage?: string;
  /** The partner's refusal reason (payment_refused), e.g. INSUFFICIENT_FUNDS. */
  reason?: string;
  /** The HTTP status Tessera answered, when it did. */
  status?: number;
  cause?: unknown;
}

/**
 * What every promise of the SDK rejects with, and what its `error` events carry. Branch on `code`;
 * show the shopper `shopperMessage` when there is one, your own words otherwise; the `message` is
 * for developers (it never holds card data).
 */
export class TesseraCheckoutError extends Error {
  override readonly name = 'TesseraCheckoutError' as const;
  /** What went wrong, stable across versions: see the error codes page. */
  readonly code: ErrorCode;
  /** The documentation of this code (an anchor of the error codes page). */
  readonly documentationUrl: string;
  /** The card form's fields concerned (`number`, `expiry`, `cvc`, `holder`), or a gift card's (`number`, `pin`). */
  readonly fields: string[];
  /** A sentence for the shopper (a refusal in words, a gift card problem), when Tessera has one. */
  readonly shopperMessage: string | undefined;
  /** The partner's refusal reason of a `payment_refused`, e.g. `INSUFFICIENT_FUNDS`. */
  readonly reason: string | undefined;
  /** The HTTP status Tessera answered, when the error is one of its answers. */
  readonly status: number | undefined;

  constructor(code: ErrorCode, message: string, options: TesseraCheckoutErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.documentationUrl = `${(options.apiUrl ?? '').replace(/\/+$/, '')}${ERROR_CODES_PAGE}#${code}`;
    this.fields = options.fields ?? [];
    this.shopperMessage = options.shopperMessage;
    this.reason = options.reason;
    this.status = options.status;
  }
}

/** Whether a caught value is the SDK's error (also across two copies of the SDK on one page). */
export function isTesseraCheckoutError(error: unknown): error is TesseraCheckoutError {
  return error instanceof TesseraCheckoutError || (error instanceof Error && error.name === 'TesseraCheckoutError');
}
