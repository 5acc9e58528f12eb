// Events the checkout emits while the shopper pays. The widget turns them into DOM events and
// listener calls on the merchant's page (see widget/widget.ts); the hosted page ignores them.

export interface CheckoutEventMap {
  /** The session is loaded and shown (a form, or a page saying why it cannot be paid). */
  ready: {
    session_id: string;
    status: string;
    amount: number;
    currency: string;
    methods: { partner: string; method: string }[];
    payable: boolean;
  };
  /** The shopper chose a means of payment: one of their saved cards carries its `wallet_token`. */
  method_selected: { session_id: string; partner: string; method: string; wallet_token?: string };
  /** The shopper removed one of their saved cards (it is deleted from their wallet at this merchant). */
  saved_method_removed: { session_id: string; wallet_token: string };
  /**
   * The shopper's choice was sent to Tessera (card data already tokenized by the vault); an entry
   * paid with a saved card carries its `wallet_token`.
   */
  submitted: {
    session_id: string;
    split: { partner: string; method: string; amount: number; wallet_token?: string }[];
  };
  /** The payment is authorized. */
  success: { session_id: string; payment_id: string; authorization_status: 'AUTHORIZED' };
  /** The payment was refused or failed; the shopper may try again (`retryable`). */
  failure: {
    session_id: string;
    payment_id?: string;
    authorization_status?: string;
    reason?: string;
    message: string;
    retryable: boolean;
  };
  /** The shopper is about to leave the page: to a partner (3-D Secure, wallet, lender) or back to the merchant. */
  redirect: { session_id: string; payment_id: string; href: string; target: 'partner' | 'merchant' };
  /** The checkout cannot work: bad widget data, unknown session, Tessera unreachable. */
  error: { session_id?: string; code: 'invalid_data' | 'not_found' | 'network' | 'unavailable'; message: string };
}

export type CheckoutEventType = keyof CheckoutEventMap;
export type CheckoutEvent = { [K in CheckoutEventType]: { type: K; detail: CheckoutEventMap[K] } }[CheckoutEventType];
export type Emit = (event: CheckoutEvent) => void;

export const CHECKOUT_EVENT_TYPES: readonly CheckoutEventType[] = [
  'ready',
  'method_selected',
  'saved_method_removed',
  'submitted',
  'success',
  'failure',
  'redirect',
  'error',
];

export const ignoreEvents: Emit = () => {};
