// The parts of Stripe's objects the adapter reads (API version STRIPE_API_VERSION, client.ts).
// Stripe adds fields freely, and expandable fields are an id or the object depending on `expand`:
// the types say so, and the mapping never assumes more than it asked for.

export interface StripeThreeDSecure {
  result: string | null;
  result_reason?: string | null;
  authentication_flow: 'challenge' | 'frictionless' | null;
  electronic_commerce_indicator: string | null;
  version: string | null;
  transaction_id: string | null;
}

export interface StripeCardDetails {
  brand: string | null;
  last4: string | null;
  exp_month: number | null;
  exp_year: number | null;
  network?: string | null;
  three_d_secure?: StripeThreeDSecure | null;
}

export interface StripeCharge {
  object: 'charge';
  id: string;
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  captured: boolean;
  status: string;
  payment_method_details?: { type?: string; card?: StripeCardDetails | null } | null;
  billing_details?: { name?: string | null } | null;
}

export interface StripePaymentMethod {
  object: 'payment_method';
  id: string;
  type: string;
  customer: string | { id: string } | null;
  card?: StripeCardDetails | null;
  billing_details?: { name?: string | null } | null;
}

export interface StripeError {
  /** api_error, card_error, idempotency_error, invalid_request_error (Stripe may add more). */
  type: string;
  code?: string;
  decline_code?: string;
  message?: string;
  param?: string;
  payment_intent?: StripePaymentIntent;
}

export type StripePaymentIntentStatus =
  | 'canceled'
  | 'processing'
  | 'requires_action'
  | 'requires_capture'
  | 'requires_confirmation'
  | 'requires_payment_method'
  | 'succeeded';

export interface StripePaymentIntent {
  object: 'payment_intent';
  id: string;
  amount: number;
  amount_capturable: number;
  amount_received: number;
  currency: string;
  status: StripePaymentIntentStatus;
  capture_method?: string;
  cancellation_reason?: string | null;
  customer?: string | { id: string } | null;
  metadata?: Record<string, string> | null;
  payment_method?: string | StripePaymentMethod | null;
  latest_charge?: string | StripeCharge | null;
  last_payment_error?: StripeError | null;
  next_action?: {
    type: string;
    redirect_to_url?: { url: string | null; return_url: string | null } | null;
  } | null;
  setup_future_usage?: string | null;
}

export interface StripeRefund {
  object: 'refund';
  id: string;
  amount: number;
  currency: string;
  status: string | null;
  failure_reason?: string | null;
  payment_intent: string | StripePaymentIntent | null;
  metadata?: Record<string, string> | null;
}

export interface StripeCustomer {
  object: 'customer';
  id: string;
}

/** A webhook event (https://docs.stripe.com/api/events/object): what happened and the object it happened to. */
export interface StripeEvent {
  object: 'event';
  id: string;
  type: string;
  created: number;
  livemode?: boolean;
  data: { object: { object: string; id: string } & Record<string, unknown> };
}
