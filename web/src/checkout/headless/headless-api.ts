// The headless checkout SDK's public API (/sdk/v1/tessera-headless.js and .mjs): a merchant's page
// builds its own checkout on a client session: the means of payment, the split (a gift card
// first, then a card or another method for the rest), saved cards, the payment and what follows
// it. Card numbers are typed in secure fields only (see ../secure-fields/secure-fields-api.ts).
// Types only: the shipped declarations and the SDK reference pages are generated from this file.
import type {
  CardBrand,
  SecureFieldFont,
  SecureFields,
  SecureFieldStyle,
  MountFieldOptions,
} from '../secure-fields/secure-fields-api';
import type { TesseraCheckoutError } from './errors';

/**
 * Where the checkout is: `idle` (loading the session), `ready` (a payment can be submitted),
 * `submitting`, `submitted` (the payment is authorized, or the shopper must go to a partner's
 * page or back to the shop), `error` (the last action failed: `checkout.error` says why; a
 * retryable one lets the shopper submit again), `expired` (the session can no longer be paid).
 */
export type CheckoutState = 'idle' | 'ready' | 'submitting' | 'submitted' | 'error' | 'expired';

export interface HeadlessCheckoutOptions {
  /** The client session's `widget.data` (base64 JSON; padding optional). */
  data: string;
  /** BCP 47 locale for formatted amounts (default: the browser's). */
  locale?: string;
  /**
   * After a submission: `auto` (default) takes the shopper where the payment needs them, to the
   * partner's page (3-D Secure, wallet, lender) or back to the shop through Tessera's return
   * route; `manual` leaves it to the page, which calls `handleRedirection(result)` when it wants.
   */
  redirect?: 'auto' | 'manual';
}

/** How a method is collected. */
export type PaymentMethodKind = 'card' | 'giftcard' | 'wallet' | 'instalments';

/** One of the session's means of payment, in the merchant's order. */
export interface PaymentMethod {
  /** `partner/method`, e.g. `sandbox-card/creditcard`: what selectMethod() takes. */
  id: string;
  partner: string;
  method: string;
  kind: PaymentMethodKind;
  /** A name to show, in English (translate by `kind` and `method`). */
  label: string;
  /** What one payment by this method may be, from the merchant's contract (minor units). */
  limits: { min_amount: number; max_amount: number };
  /** Instalments: the amounts of each, the first today (minor units). */
  instalments?: number[];
}

/** A card the session's customer saved at this merchant (sessions with `customer.reference`). */
export interface SavedPaymentMethod {
  /** The wallet token: what selectMethod() takes. */
  id: string;
  partner: string;
  method: string;
  brand: CardBrand | undefined;
  last_four_digits: string | undefined;
  /** "MM/YY" */
  expiry: string;
  favorite: boolean;
  /** "Visa ending in 4242" */
  title: string;
}

/** A gift card whose balance was checked, paying first. */
export interface GiftCardPart {
  last_four_digits: string;
  /** Its balance (minor units). */
  balance: number;
  /** What it pays of this session: its balance, at most the total. */
  amount: number;
}

/** One part of the split being built. */
export interface SplitPart {
  /** The method's `partner/method`, or the saved card's wallet token. */
  id: string;
  kind: PaymentMethodKind | 'saved';
  partner: string;
  method: string;
  amount: number;
}

/** The split being built: the gift card first, then the selected method for the rest. */
export interface SplitPlan {
  /** The session amount (minor units). */
  total: number;
  currency: string;
  parts: SplitPart[];
  giftCard: GiftCardPart | undefined;
  /** What no part pays yet: select a method for it. */
  remaining: number;
  /** The parts add up to the total, each within its method's limits: submitPayment() may go. */
  complete: boolean;
  /** Why it is not complete, in words for a developer. */
  problem: string | undefined;
}

export interface SessionSummary {
  id: string;
  amount: number;
  currency: string;
  status: string;
  expires_at: string;
  order_reference: string;
  /** The amount as the shopper reads it, in the checkout's locale. */
  formatted_amount: string;
}

/** A partner page to take the shopper to: GET the href, or POST a form of the body's fields. */
export interface PaymentRedirection {
  href: string;
  method: string;
  body?: Record<string, unknown> | string | null;
}

/** What a submission gave. A refusal is not a result: submitPayment() rejects with `payment_refused`. */
export type PaymentResult =
  /** Authorized: `return_url` takes the shopper back to the shop with the signed outcome. */
  | { status: 'authorized'; payment_id: string; return_url: string }
  /** The shopper must act on the partner's page (3-D Secure challenge, wallet, lender). */
  | { status: 'redirect'; payment_id: string; redirection: PaymentRedirection }
  /** Not final, nothing for the shopper to do: the return route finds out and tells the shop. */
  | { status: 'pending'; payment_id: string; return_url: string };

export interface HeadlessCheckoutEventMap {
  /** The state changed. */
  state: { state: CheckoutState; previous: CheckoutState };
  /** The split changed (gift card added or removed, method selected). */
  split: SplitPlan;
  /** A submission gave a result (before any redirection). */
  result: PaymentResult;
  /** Something failed; `checkout.error` holds the same error. */
  error: TesseraCheckoutError;
}

export type HeadlessCheckoutEventType = keyof HeadlessCheckoutEventMap;

export interface CardFieldsOptions {
  style?: SecureFieldStyle;
  fonts?: SecureFieldFont[];
  locale?: string;
  colorScheme?: 'normal' | 'light' | 'dark' | 'light dark';
}

export interface SubmitOptions {
  /** A co-badged card's network the shopper chose (default: the first the card names, CARTE_BANCAIRE). */
  network?: CardBrand;
}

export interface HeadlessCheckout {
  readonly version: string;
  readonly state: CheckoutState;
  /** What failed last (with `state` `error`), or undefined. */
  readonly error: TesseraCheckoutError | undefined;
  readonly session: SessionSummary;
  readonly paymentMethods: PaymentMethod[];
  /** The customer's saved cards, the favorite first ([] without `customer.reference`). */
  readonly savedMethods: SavedPaymentMethod[];
  readonly split: SplitPlan;
  on<K extends HeadlessCheckoutEventType>(type: K, listener: (detail: HeadlessCheckoutEventMap[K]) => void): () => void;
  off<K extends HeadlessCheckoutEventType>(type: K, listener: (detail: HeadlessCheckoutEventMap[K]) => void): void;
  /**
   * The card form: secure fields to mount in the page (`number`, `expiry`, `cvc`, `holder`). A card
   * part of the split is tokenized from them when the payment is submitted. One per checkout.
   */
  createCardFields(options?: CardFieldsOptions): SecureFields;
  /** Mounts the four card fields at once into containers named by field. */
  mountCardFields(
    containers: {
      number: Element | string;
      expiry: Element | string;
      cvc: Element | string;
      holder?: Element | string;
    },
    options?: CardFieldsOptions & {
      fields?: Partial<Record<'number' | 'expiry' | 'cvc' | 'holder', MountFieldOptions>>;
    },
  ): SecureFields;
  /**
   * Checks a gift card at the vault and puts it first in the split for what its balance covers.
   * Rejects with `gift_card_invalid` (number or PIN refused), `gift_card_empty`, or
   * `method_not_available` (the session offers no gift card).
   */
  addGiftCard(giftCard: { number: string; pin?: string }): Promise<GiftCardPart>;
  removeGiftCard(): void;
  /** The method paying the rest: a payment method's id (`partner/method`) or a saved card's id. */
  selectMethod(id: string): void;
  /**
   * Tokenizes what needs it (the card from the secure fields, the gift card), submits the split
   * and resolves with the result; with `redirect: 'auto'` the shopper is then taken where the
   * result says. Rejects with a TesseraCheckoutError; after `payment_refused` the card fields are
   * emptied for another card and the shopper may submit again.
   */
  submitPayment(options?: SubmitOptions): Promise<PaymentResult>;
  /** Takes the shopper where a result needs them: the partner's page, or the shop's return page. */
  handleRedirection(result: PaymentResult): void;
  /** Removes a saved card from the customer's wallet at this merchant. */
  removeSavedMethod(id: string): Promise<void>;
  /** Forgets the listeners and destroys the card fields. */
  destroy(): void;
}
