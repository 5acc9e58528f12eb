// Stripe's objects in Tessera's terms: a PaymentIntent (capture_method manual) is an authorization,
// a capture or a cancel acts on it, a Refund is a refund. Pure, so every status and every decline
// is tested without a server (mapping.test.ts).
import type { CardNetwork, Currency, ReasonCode } from '../catalog';
import {
  NO_AMOUNTS,
  type AuthenticationOutcome,
  type AuthorizationAmounts,
  type AuthorizeResult,
  type OperationResult,
  type PartnerCardInfo,
  type PartnerOperationStatus,
} from '../partner';
import type { OperationKind } from '../../domain/payment-ledger';
import { partnerStatusOf, refusalReasonOf } from './decline-reasons';
import type {
  StripeCardDetails,
  StripeCharge,
  StripeError,
  StripePaymentIntent,
  StripePaymentMethod,
  StripeRefund,
} from './wire';

/** Metadata Tessera writes on every PaymentIntent: how a webhook event finds its payment again. */
export const METADATA = {
  idempotencyKey: 'tessera_idempotency_key',
  /** The entity whose account made it: an account shared by two entities sends both every event. */
  entityId: 'tessera_entity_id',
  orderReference: 'tessera_order_reference',
  /** First six digits, which Stripe never answers: kept so later answers show the whole card. */
  cardBin: 'tessera_card_bin',
} as const;

const NETWORKS: Readonly<Record<string, CardNetwork>> = {
  visa: 'VISA',
  mastercard: 'MASTERCARD',
  amex: 'AMERICAN_EXPRESS',
  cartes_bancaires: 'CARTE_BANCAIRE',
};

/** Tessera's card network for Stripe's `network` (the one processed) or `brand`; null for others (JCB...). */
export function networkOf(card: StripeCardDetails): CardNetwork | null {
  return (card.network ? NETWORKS[card.network] : undefined) ?? (card.brand ? NETWORKS[card.brand] : undefined) ?? null;
}

function expanded<T extends { object: string }>(value: string | T | null | undefined, object: T['object']): T | null {
  return value && typeof value === 'object' && value.object === object ? value : null;
}

export const chargeOf = (intent: StripePaymentIntent): StripeCharge | null =>
  expanded<StripeCharge>(intent.latest_charge, 'charge');

const paymentMethodOf = (intent: StripePaymentIntent): StripePaymentMethod | null =>
  expanded<StripePaymentMethod>(intent.payment_method, 'payment_method');

export const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

const twoDigits = (value: number | null | undefined): string =>
  value === null || value === undefined ? '' : String(value % 100).padStart(2, '0');

/**
 * The card as Tessera shows it. Stripe never answers the BIN: it comes from the authorize request,
 * or from the metadata the adapter wrote then; without it there is no card to show.
 */
export function cardInfoOf(
  intent: StripePaymentIntent,
  known?: { bin: string; holder_name?: string },
): PartnerCardInfo | null {
  const method = paymentMethodOf(intent);
  const details = chargeOf(intent)?.payment_method_details?.card ?? method?.card ?? null;
  const bin = known?.bin ?? intent.metadata?.[METADATA.cardBin];
  if (!details?.last4 || !bin) return null;
  const holder = known?.holder_name ?? method?.billing_details?.name ?? chargeOf(intent)?.billing_details?.name ?? null;
  return {
    bin,
    last_four_digits: details.last4,
    network: networkOf(details),
    expiry_month: twoDigits(details.exp_month),
    expiry_year: twoDigits(details.exp_year),
    holder_name: holder ?? null,
  };
}

/** A challenge Stripe waits for, or one the shopper failed: Stripe tells no more than that. */
function challenge(status: 'PENDING' | 'FAILURE'): AuthenticationOutcome {
  return {
    status,
    flow: 'CHALLENGE',
    eci: null,
    version: '',
    ds_transaction_id: '',
    acs_transaction_id: '',
    challenge_data: null,
  };
}

/** The 3-D Secure outcome: pending while Stripe waits for the shopper, then what the charge says. */
export function authenticationOf(intent: StripePaymentIntent): AuthenticationOutcome | null {
  if (intent.status === 'requires_action') return challenge('PENDING');
  if (intent.last_payment_error?.code === 'payment_intent_authentication_failure') return challenge('FAILURE');
  const secure = chargeOf(intent)?.payment_method_details?.card?.three_d_secure;
  if (!secure?.result) return null;
  const status =
    secure.result === 'authenticated' || secure.result === 'attempt_acknowledged'
      ? 'SUCCESS'
      : secure.result === 'failed' || secure.result === 'processing_error'
        ? 'FAILURE'
        : null;
  if (!status) return null; // exempted, not supported: no authentication took place
  return {
    status,
    flow: secure.authentication_flow === 'challenge' ? 'CHALLENGE' : 'FRICTIONLESS',
    eci: secure.electronic_commerce_indicator,
    version: secure.version ?? '',
    ds_transaction_id: secure.transaction_id ?? '',
    acs_transaction_id: '',
    challenge_data: null,
  };
}

/**
 * The money on a PaymentIntent. A capture of less than the whole amount is final at Stripe (no
 * multicapture): the rest is released then, which Tessera counts as voided.
 */
export function amountsOf(intent: StripePaymentIntent): AuthorizationAmounts {
  const charge = chargeOf(intent);
  const wasAuthorized =
    intent.status === 'requires_capture' ||
    intent.status === 'succeeded' ||
    (intent.status === 'canceled' && charge?.status === 'succeeded');
  if (!wasAuthorized) return NO_AMOUNTS;
  const captured = intent.amount_received;
  const refunded = charge?.amount_refunded ?? 0;
  const open = intent.status === 'requires_capture' ? intent.amount_capturable : 0;
  return {
    authorized: intent.amount,
    captured,
    voided: intent.amount - captured - open,
    refunded,
    available_to_capture: open,
    available_to_void: open,
    available_to_refund: Math.max(0, captured - refunded),
  };
}

const DESCRIPTIONS: Readonly<Record<string, string>> = {
  requires_capture: 'Authorized: the amount is held on the card until captured or cancelled.',
  succeeded: 'Captured.',
  requires_action: 'The shopper must authenticate (3-D Secure) on the page of the redirection.',
  processing: 'Stripe is processing the payment; its outcome follows.',
  canceled: 'The PaymentIntent was cancelled.',
  requires_confirmation: 'The PaymentIntent was not confirmed.',
  requires_payment_method: 'The PaymentIntent has no usable payment method.',
};

function refusalOf(intent: StripePaymentIntent): { reason: ReasonCode; status: string } {
  if (intent.status === 'canceled') {
    return {
      reason: intent.cancellation_reason === 'fraudulent' ? 'REJECTED_BY_RISK_CHECKS' : 'BLOCKED_BY_CUSTOMER',
      status: `canceled${intent.cancellation_reason ? `:${intent.cancellation_reason}` : ''}`,
    };
  }
  const error = intent.last_payment_error ?? {};
  return { reason: refusalReasonOf(error), status: partnerStatusOf(error) };
}

/** A PaymentIntent as an authorization. `known`: the card of the authorize request, when there is one. */
export function authorizeResultOf(
  intent: StripePaymentIntent,
  currency: Currency,
  known?: { bin: string; holder_name?: string },
): AuthorizeResult {
  const base = {
    type: 'authorization' as const,
    requested_amount: intent.amount,
    currency,
    partner_reference: intent.id,
    partner_token: null as string | null,
    card: cardInfoOf(intent, known),
    authentication: authenticationOf(intent),
    redirection: null as AuthorizeResult['redirection'],
    partner_additional_data: additionalDataOf(intent),
    amounts: amountsOf(intent),
  };
  switch (intent.status) {
    case 'requires_capture':
    case 'succeeded':
      return {
        ...base,
        status: 'AUTHORIZED',
        authorized_amount: intent.amount,
        partner_status: intent.status,
        partner_status_description: DESCRIPTIONS[intent.status] ?? intent.status,
        partner_token: intent.setup_future_usage ? idOf(intent.payment_method) : null,
        refusal_reason: null,
      };
    case 'requires_action':
    case 'processing': {
      const href = intent.next_action?.redirect_to_url?.url;
      return {
        ...base,
        status: 'PENDING',
        authorized_amount: 0,
        partner_status: intent.status,
        partner_status_description: DESCRIPTIONS[intent.status] ?? intent.status,
        redirection: href ? { href, method: 'GET', media_type: null, body: null } : null,
        refusal_reason: null,
      };
    }
    case 'requires_payment_method':
    case 'canceled': {
      const refusal = refusalOf(intent);
      return {
        ...base,
        status: 'REFUSED',
        authorized_amount: 0,
        partner_status: refusal.status,
        partner_status_description: intent.last_payment_error?.message ?? DESCRIPTIONS[intent.status] ?? intent.status,
        refusal_reason: refusal.reason,
      };
    }
    default:
      return {
        ...base,
        status: 'ERROR',
        authorized_amount: 0,
        partner_status: intent.status,
        partner_status_description: DESCRIPTIONS[intent.status] ?? `unexpected PaymentIntent status ${intent.status}`,
        refusal_reason: null,
      };
  }
}

function additionalDataOf(intent: StripePaymentIntent): Record<string, string> {
  const charge = idOf(intent.latest_charge);
  const customer = idOf(intent.customer);
  const error = intent.last_payment_error;
  return {
    stripe_payment_intent: intent.id,
    ...(charge ? { stripe_charge: charge } : {}),
    ...(customer ? { stripe_customer: customer } : {}),
    ...(error?.decline_code ? { stripe_decline_code: error.decline_code } : {}),
    ...(error?.code ? { stripe_error_code: error.code } : {}),
  };
}

/**
 * A card declined by Stripe (a 402 card_error): a definitive refusal. With the PaymentIntent it
 * created, the refusal is read from it; a decline before any (the card refused when Stripe made the
 * PaymentMethod) has no reference at Stripe.
 */
export function declineResultOf(
  error: StripeError,
  request: { amount: number; currency: Currency },
  known?: { bin: string; holder_name?: string },
): AuthorizeResult {
  const intent = error.payment_intent;
  if (intent?.object === 'payment_intent') {
    const result = authorizeResultOf(
      { ...intent, last_payment_error: intent.last_payment_error ?? error },
      request.currency,
      known,
    );
    if (result.status === 'REFUSED') return result;
  }
  return {
    type: 'authorization',
    status: 'REFUSED',
    requested_amount: request.amount,
    authorized_amount: 0,
    currency: request.currency,
    partner_reference: intent?.id ?? '',
    partner_status: partnerStatusOf(error),
    partner_status_description: error.message ?? 'The card was declined.',
    partner_token: null,
    refusal_reason: refusalReasonOf(error),
    card: null,
    authentication: null,
    redirection: null,
    partner_additional_data: {
      ...(error.decline_code ? { stripe_decline_code: error.decline_code } : {}),
      ...(error.code ? { stripe_error_code: error.code } : {}),
    },
    amounts: NO_AMOUNTS,
  };
}

export interface OperationFacts {
  kind: OperationKind;
  /** The operation's own reference: the refund, the charge a capture made, the cancelled PaymentIntent. */
  reference: string;
  authorization_reference: string;
  requested_amount: number;
  currency: Currency;
  status: PartnerOperationStatus;
  partner_status: string;
  description: string;
  refusal_reason?: ReasonCode | null;
  amounts?: AuthorizationAmounts;
}

export function operationResultOf(facts: OperationFacts): OperationResult {
  return {
    type: facts.kind,
    status: facts.status,
    partner_reference: facts.reference,
    authorization_reference: facts.authorization_reference,
    requested_amount: facts.requested_amount,
    processed_amount: facts.status === 'SUCCESS' ? facts.requested_amount : 0,
    currency: facts.currency,
    partner_status: facts.partner_status,
    partner_status_description: facts.description,
    refusal_reason: facts.status === 'FAILURE' ? (facts.refusal_reason ?? 'BAD_REQUEST') : null,
    authorization_amounts: facts.amounts ?? NO_AMOUNTS,
  };
}

/**
 * A Refund: `succeeded` and `pending` (accepted, on its way to the card: Stripe answers `pending`
 * for some banks) are done as far as the merchant is concerned; `failed` and `canceled` are not.
 */
export function refundResultOf(
  refund: StripeRefund,
  authorizationReference: string,
  currency: Currency,
): OperationResult {
  const status: PartnerOperationStatus =
    refund.status === 'succeeded' || refund.status === 'pending'
      ? 'SUCCESS'
      : refund.status === 'requires_action'
        ? 'PENDING'
        : 'FAILURE';
  const intent = expanded<StripePaymentIntent>(refund.payment_intent, 'payment_intent');
  return operationResultOf({
    kind: 'refund',
    reference: refund.id,
    authorization_reference: idOf(refund.payment_intent) ?? authorizationReference,
    requested_amount: refund.amount,
    currency,
    status,
    partner_status: refund.status ?? 'unknown',
    description:
      status === 'FAILURE'
        ? `The refund ${refund.status ?? 'failed'}${refund.failure_reason ? `: ${refund.failure_reason}` : ''}.`
        : refund.status === 'pending'
          ? 'Refund accepted; Stripe sends it to the card.'
          : 'Refunded.',
    ...(intent ? { amounts: amountsOf(intent) } : {}),
  });
}
