// stripe (method creditcard): Stripe as a card acquirer, on each entity's own Stripe account.
//
//   authorize  POST /v1/payment_intents, capture_method manual, confirmed at once with the card
//              (a PaymentMethod made from the vault's card, or Stripe's test one for a test card),
//              setup_future_usage off_session and a Customer when the payment allows future usage
//   capture    POST /v1/payment_intents/{id}/capture with amount_to_capture (one capture: final)
//   void       POST /v1/payment_intents/{id}/cancel, after reading what is left to release
//   refund     POST /v1/refunds (partial, several)
//   status     GET  /v1/payment_intents/{id} or /v1/refunds/{id}
//   notify     webhook events verified with the endpoint's signing secret (webhook-signature.ts)
//
// Every write carries an Idempotency-Key derived from Tessera's own key (the retry contract,
// partners/partner.ts): the PaymentIntent's is the authorize key itself, the steps before it
// (Customer, PaymentMethod) add a suffix. Stripe keeps a key's first answer for 24 hours.
import { isCurrency, methodsOf, type Currency } from '../catalog';
import {
  PartnerNotificationError,
  PartnerRequestError,
  type AuthorizeRequest,
  type AuthorizeResult,
  type CardInstrument,
  type OperationRequest,
  type OperationResult,
  type PartnerAccount,
  type PartnerAdapter,
  type PartnerCall,
  type PartnerNotification,
  type RawNotification,
  type StatusRequest,
  type StatusResult,
} from '../partner';
import type { HttpTransport } from '../../platform/http-transport';
import { DEFAULT_STRIPE_API_URL, StripeClient, type StripeAnswer } from './client';
import { refusalReasonOf } from './decline-reasons';
import type { FormValue } from './form-encoding';
import {
  METADATA,
  amountsOf,
  authorizeResultOf,
  declineResultOf,
  idOf,
  operationResultOf,
  refundResultOf,
} from './mapping';
import { testPaymentMethodFor } from './test-cards';
import { STRIPE_SIGNATURE_HEADER, verifyStripeSignature } from './webhook-signature';
import type { StripeError, StripeEvent, StripePaymentIntent, StripePaymentMethod, StripeRefund } from './wire';

/** The deployment's side of the configuration: where Stripe is (stripe-mock in tests) and how long to wait. */
export interface StripeConfig {
  /** Default https://api.stripe.com (STRIPE_API_URL). */
  apiUrl?: string;
  /** Per HTTP attempt, default 10 s. */
  timeoutMs?: number;
  /** Accepted age of a webhook signature, default 300 s. */
  webhookToleranceSeconds?: number;
  /** How requests are sent; tests wrap httpTransport to see them. */
  transport?: HttpTransport;
}

/** How the card reaches Stripe (the account's `card_data` credential, see README.md). */
export type StripeCardData = 'raw' | 'test_payment_methods';

/** The credentials an entity configures for Stripe (partners/stripe/profile.ts describes them). */
export interface StripeCredentials {
  secret_key: string;
  webhook_secret: string;
  card_data: StripeCardData;
}

export function stripeCredentialsOf(account: PartnerAccount): StripeCredentials {
  const { secret_key, webhook_secret, card_data } = account.credentials;
  if (!secret_key || !webhook_secret) {
    throw new PartnerRequestError(
      'stripe',
      'authorize',
      'account_incomplete',
      null,
      'the Stripe account lacks its keys',
    );
  }
  return {
    secret_key,
    webhook_secret,
    // Stripe refuses raw card numbers in test mode unless it enabled them for the account.
    card_data:
      card_data === 'raw' || card_data === 'test_payment_methods'
        ? card_data
        : /^(sk|rk)_test_/.test(secret_key)
          ? 'test_payment_methods'
          : 'raw',
  };
}

/** Webhook events that tell an authorization's outcome; any other verified event is acknowledged. */
const AUTHORIZATION_EVENTS: ReadonlySet<string> = new Set([
  'payment_intent.amount_capturable_updated',
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
  'payment_intent.requires_action',
  'payment_intent.processing',
]);

/** Error codes by which Stripe refuses an operation for good: a FAILURE, not an error to retry. */
const OPERATION_REFUSALS: Readonly<Record<string, 'AMOUNT_EXCEEDED' | 'BAD_REQUEST'>> = {
  amount_too_large: 'AMOUNT_EXCEEDED',
  charge_already_refunded: 'AMOUNT_EXCEEDED',
  payment_intent_unexpected_state: 'BAD_REQUEST',
  charge_already_captured: 'BAD_REQUEST',
  charge_expired_for_capture: 'BAD_REQUEST',
  charge_not_refundable: 'BAD_REQUEST',
  charge_disputed: 'BAD_REQUEST',
};

type PaymentMethodChoice = { id: string; customer: string | null } | { declined: StripeError };

export class StripeAdapter implements PartnerAdapter {
  readonly name = 'stripe' as const;
  readonly methods: readonly string[] = methodsOf('stripe');
  private readonly client: StripeClient;
  private readonly credentials: StripeCredentials;

  constructor(
    private readonly account: PartnerAccount,
    private readonly config: StripeConfig = {},
  ) {
    this.credentials = stripeCredentialsOf(account);
    this.client = new StripeClient({
      apiUrl: config.apiUrl ?? DEFAULT_STRIPE_API_URL,
      secretKey: this.credentials.secret_key,
      timeoutMs: config.timeoutMs ?? 10_000,
      transport: config.transport,
    });
  }

  async authorize(request: AuthorizeRequest): Promise<AuthorizeResult> {
    if (!this.methods.includes(request.method)) {
      throw new PartnerRequestError(
        'stripe',
        'authorize',
        'unsupported_method',
        null,
        `stripe does not offer ${request.method}`,
      );
    }
    const { instrument } = request;
    if (instrument.type !== 'card' && instrument.type !== 'partner_token') {
      throw new PartnerRequestError(
        'stripe',
        'authorize',
        'invalid_instrument',
        null,
        `stripe needs a card, got ${instrument.type}`,
      );
    }
    const card = instrument.type === 'card' ? instrument : undefined;
    const known = card
      ? { bin: digitsOf(card).slice(0, 6), ...(card.holder_name ? { holder_name: card.holder_name } : {}) }
      : undefined;
    const chosen =
      instrument.type === 'card'
        ? await this.paymentMethodOfCard(request, instrument)
        : await this.savedPaymentMethod(instrument.partner_token);
    if ('declined' in chosen) return declineResultOf(chosen.declined, request, known);

    const saving = Boolean(request.save_for_future_usage) && card !== undefined;
    const customer = chosen.customer ?? (saving ? await this.createCustomer(request) : null);
    // A saved card pays without the shopper (a merchant-initiated payment): Stripe must not ask for 3DS.
    const merchantInitiated = instrument.type === 'partner_token';
    const params: Record<string, FormValue> = {
      amount: request.amount,
      currency: request.currency.toLowerCase(),
      capture_method: 'manual',
      confirm: true,
      payment_method: chosen.id,
      payment_method_types: ['card'],
      customer: customer ?? undefined,
      setup_future_usage: saving ? 'off_session' : undefined,
      off_session: merchantInitiated ? true : undefined,
      return_url: merchantInitiated ? undefined : request.return_url,
      description: request.order_reference ? `Order ${request.order_reference}` : undefined,
      metadata: {
        [METADATA.idempotencyKey]: request.idempotency_key,
        [METADATA.entityId]: this.account.entity_id,
        [METADATA.orderReference]: request.order_reference,
        [METADATA.cardBin]: known?.bin,
      },
      payment_method_options: merchantInitiated
        ? undefined
        : { card: { request_three_d_secure: challengeRequested(request) ? 'challenge' : 'automatic' } },
      expand: ['latest_charge', 'payment_method'],
    };
    const answer = await this.client.send<StripePaymentIntent>('authorize', {
      method: 'POST',
      path: '/v1/payment_intents',
      params,
      idempotencyKey: request.idempotency_key,
    });
    if (answer.ok) return authorizeResultOf(answer.body, request.currency, known);
    if (answer.error.type === 'card_error') return declineResultOf(answer.error, request, known);
    throw StripeClient.rejected('authorize', answer);
  }

  /** The card as a PaymentMethod: made from its data, or Stripe's test PaymentMethod for a test card. */
  private async paymentMethodOfCard(request: AuthorizeRequest, card: CardInstrument): Promise<PaymentMethodChoice> {
    if (this.credentials.card_data === 'test_payment_methods') {
      const id = testPaymentMethodFor(digitsOf(card));
      if (!id) {
        throw new PartnerRequestError(
          'stripe',
          'authorize',
          'not_a_test_card',
          null,
          'this Stripe account takes test cards only (card_data test_payment_methods): see the stripe partner page',
        );
      }
      return { id, customer: null };
    }
    const answer = await this.client.send<StripePaymentMethod>('authorize', {
      method: 'POST',
      path: '/v1/payment_methods',
      params: {
        type: 'card',
        card: {
          number: digitsOf(card),
          exp_month: Number(card.expiry_month),
          exp_year: fourDigitYear(card.expiry_year),
          cvc: card.cvv,
        },
        billing_details: card.holder_name ? { name: card.holder_name } : undefined,
      },
      idempotencyKey: `${request.idempotency_key}/payment-method`,
    });
    if (answer.ok) return { id: answer.body.id, customer: null };
    if (answer.error.type === 'card_error') return { declined: answer.error };
    throw StripeClient.rejected('authorize', answer);
  }

  /** A partner token is a PaymentMethod saved on a Customer: Stripe wants that Customer named too. */
  private async savedPaymentMethod(token: string): Promise<PaymentMethodChoice> {
    if (!/^pm_\w+$/.test(token)) {
      throw new PartnerRequestError(
        'stripe',
        'authorize',
        'invalid_partner_token',
        null,
        'a stripe partner token is a pm_ id',
      );
    }
    const method = this.expect(
      'authorize',
      await this.client.send<StripePaymentMethod>('authorize', { method: 'GET', path: `/v1/payment_methods/${token}` }),
    );
    return { id: method.id, customer: idOf(method.customer) };
  }

  /** The Customer a saved card belongs to: one per card saved, named after Tessera's customer. */
  private async createCustomer(request: AuthorizeRequest): Promise<string> {
    const customer = request.customer;
    const name = [customer?.first_name, customer?.last_name].filter(Boolean).join(' ');
    const created = this.expect(
      'authorize',
      await this.client.send<{ id: string }>('authorize', {
        method: 'POST',
        path: '/v1/customers',
        params: {
          email: customer?.email,
          name: name || undefined,
          metadata: {
            tessera_customer_reference: customer?.reference,
            [METADATA.entityId]: this.account.entity_id,
          },
        },
        idempotencyKey: `${request.idempotency_key}/customer`,
      }),
    );
    return created.id;
  }

  async capture(request: OperationRequest): Promise<OperationResult> {
    const answer = await this.client.send<StripePaymentIntent>('capture', {
      method: 'POST',
      path: `/v1/payment_intents/${pathId(request.partner_reference, 'capture')}/capture`,
      params: {
        amount_to_capture: request.amount,
        metadata: { tessera_capture_key: request.idempotency_key },
        expand: ['latest_charge'],
      },
      idempotencyKey: request.idempotency_key,
    });
    if (!answer.ok) return this.refusedOperation('capture', request, answer);
    const intent = answer.body;
    const captured = intent.status === 'succeeded';
    return operationResultOf({
      kind: 'capture',
      reference: idOf(intent.latest_charge) ?? intent.id,
      authorization_reference: intent.id,
      requested_amount: request.amount,
      currency: request.currency,
      status: captured ? 'SUCCESS' : 'FAILURE',
      partner_status: intent.status,
      description: captured
        ? intent.amount_received < intent.amount
          ? `Captured ${intent.amount_received} of ${intent.amount}; Stripe released the rest.`
          : 'Captured.'
        : `The PaymentIntent is ${intent.status} after the capture.`,
      amounts: amountsOf(intent),
    });
  }

  /**
   * Stripe cancels a whole PaymentIntent, and a partial capture already released what it left: the
   * PaymentIntent is read first to tell which (a read, so a retry of this call reads again and
   * never sends Stripe another request under the same key).
   */
  async void(request: OperationRequest): Promise<OperationResult> {
    const intent = await this.retrieveIntent('void', request.partner_reference);
    const result = (
      status: 'SUCCESS' | 'FAILURE',
      partnerStatus: string,
      description: string,
      reason?: 'AMOUNT_EXCEEDED' | 'BAD_REQUEST' | 'TRANSACTION_NOT_SUPPORTED_BY_MERCHANT_ACCOUNT',
      after = intent,
    ) =>
      operationResultOf({
        kind: 'void',
        reference: after.id,
        authorization_reference: after.id,
        requested_amount: request.amount,
        currency: request.currency,
        status,
        partner_status: partnerStatus,
        description,
        refusal_reason: reason ?? null,
        amounts: amountsOf(after),
      });
    switch (intent.status) {
      case 'canceled':
        return result('SUCCESS', 'canceled', 'The PaymentIntent is cancelled: nothing is held.');
      case 'succeeded': {
        const released = intent.amount - intent.amount_received;
        return request.amount <= released
          ? result(
              'SUCCESS',
              'released_at_capture',
              `Stripe released the ${released} left when the payment was captured.`,
            )
          : result('FAILURE', 'succeeded', `Only ${released} was left uncaptured.`, 'AMOUNT_EXCEEDED');
      }
      case 'requires_capture': {
        if (request.amount < intent.amount_capturable) {
          return result(
            'FAILURE',
            'partial_void_not_supported',
            `Stripe cancels the whole ${intent.amount_capturable} held, not part of it: void it all, or capture what you keep.`,
            'TRANSACTION_NOT_SUPPORTED_BY_MERCHANT_ACCOUNT',
          );
        }
        const answer = await this.client.send<StripePaymentIntent>('void', {
          method: 'POST',
          path: `/v1/payment_intents/${pathId(intent.id, 'void')}/cancel`,
          params: { expand: ['latest_charge'] },
          idempotencyKey: request.idempotency_key,
        });
        if (!answer.ok) return this.refusedOperation('void', request, answer);
        return answer.body.status === 'canceled'
          ? result('SUCCESS', 'canceled', 'Cancelled: the hold on the card is released.', undefined, answer.body)
          : result(
              'FAILURE',
              answer.body.status,
              `The PaymentIntent is ${answer.body.status} after the cancel.`,
              'BAD_REQUEST',
              answer.body,
            );
      }
      default:
        return result(
          'FAILURE',
          intent.status,
          `Nothing is authorized: the PaymentIntent is ${intent.status}.`,
          'BAD_REQUEST',
        );
    }
  }

  async refund(request: OperationRequest): Promise<OperationResult> {
    const answer = await this.client.send<StripeRefund>('refund', {
      method: 'POST',
      path: '/v1/refunds',
      params: {
        payment_intent: request.partner_reference,
        amount: request.amount,
        metadata: { tessera_refund_key: request.idempotency_key },
        expand: ['payment_intent.latest_charge'],
      },
      idempotencyKey: request.idempotency_key,
    });
    if (!answer.ok) return this.refusedOperation('refund', request, answer);
    return refundResultOf(answer.body, request.partner_reference, request.currency);
  }

  async status(request: StatusRequest): Promise<StatusResult> {
    const reference = request.partner_reference;
    if (reference.startsWith('re_')) {
      const refund = this.expect(
        'status',
        await this.client.send<StripeRefund>('status', {
          method: 'GET',
          path: `/v1/refunds/${pathId(reference, 'status')}`,
          params: { expand: ['payment_intent.latest_charge'] },
        }),
      );
      return refundResultOf(refund, idOf(refund.payment_intent) ?? '', currencyOf(refund.currency));
    }
    const intent = await this.retrieveIntent('status', reference);
    return authorizeResultOf(intent, currencyOf(intent.currency));
  }

  parseNotification(notification: RawNotification): PartnerNotification | null {
    const header = Object.entries(notification.headers).find(
      ([key]) => key.toLowerCase() === STRIPE_SIGNATURE_HEADER,
    )?.[1];
    const check = verifyStripeSignature(
      this.credentials.webhook_secret,
      notification.body,
      Array.isArray(header) ? header[0] : header,
      this.config.webhookToleranceSeconds === undefined
        ? {}
        : { toleranceSeconds: this.config.webhookToleranceSeconds },
    );
    if (!check.ok) throw new PartnerNotificationError('stripe', check.reason);
    let event: StripeEvent;
    try {
      event = JSON.parse(notification.body) as StripeEvent;
    } catch {
      throw new PartnerNotificationError('stripe', 'invalid_body');
    }
    if (event?.object !== 'event' || typeof event.type !== 'string' || !event.data?.object) {
      throw new PartnerNotificationError('stripe', 'invalid_body');
    }
    if (!AUTHORIZATION_EVENTS.has(event.type)) return null;
    const intent = event.data.object as unknown as StripePaymentIntent;
    const key = intent.metadata?.[METADATA.idempotencyKey];
    // The account may also take payments Tessera did not make, or another entity's on a shared account.
    if (intent.object !== 'payment_intent' || !key || intent.metadata?.[METADATA.entityId] !== this.account.entity_id) {
      return null;
    }
    if (!isCurrency(intent.currency?.toUpperCase())) throw new PartnerNotificationError('stripe', 'invalid_body');
    return { partner: 'stripe', idempotency_key: key, result: authorizeResultOf(intent, currencyOf(intent.currency)) };
  }

  private async retrieveIntent(call: PartnerCall, reference: string): Promise<StripePaymentIntent> {
    return this.expect(
      call,
      await this.client.send<StripePaymentIntent>(call, {
        method: 'GET',
        path: `/v1/payment_intents/${pathId(reference, call)}`,
        params: { expand: ['latest_charge', 'payment_method'] },
      }),
    );
  }

  private expect<T>(call: PartnerCall, answer: StripeAnswer<T>): T {
    if (answer.ok) return answer.body;
    throw StripeClient.rejected(call, answer);
  }

  /** Stripe's definitive refusal of an operation is a FAILURE; any other rejection is thrown. */
  private refusedOperation(
    call: 'capture' | 'void' | 'refund',
    request: OperationRequest,
    answer: { ok: false; status: number; error: StripeError },
  ): OperationResult {
    const { error } = answer;
    const refusal =
      error.type === 'card_error' ? refusalReasonOf(error) : error.code ? OPERATION_REFUSALS[error.code] : undefined;
    if (!refusal) throw StripeClient.rejected(call, answer);
    return operationResultOf({
      kind: call,
      reference: request.partner_reference,
      authorization_reference: request.partner_reference,
      requested_amount: request.amount,
      currency: request.currency,
      status: 'FAILURE',
      partner_status: error.decline_code ?? error.code ?? error.type,
      description: error.message ?? `Stripe refused the ${call}.`,
      refusal_reason: refusal,
      ...(error.payment_intent?.object === 'payment_intent' ? { amounts: amountsOf(error.payment_intent) } : {}),
    });
  }
}

function digitsOf(card: CardInstrument): string {
  return card.number.replace(/\s+/g, '');
}

function fourDigitYear(year: string): number {
  const value = Number(year);
  return year.length <= 2 ? 2000 + value : value;
}

/** Tessera's challenge indicators that ask the issuer for a challenge (the others leave it to Stripe). */
function challengeRequested(request: AuthorizeRequest): boolean {
  const indicator = request.three_ds?.challenge_indicator;
  return indicator !== undefined && indicator.startsWith('CHALLENGE_REQUESTED');
}

/** A Stripe id in a path: anything else is refused before it reaches the URL. */
function pathId(reference: string, call: PartnerCall): string {
  if (!/^[A-Za-z0-9_]+$/.test(reference)) {
    throw new PartnerRequestError('stripe', call, 'invalid_reference', null, 'not a Stripe id');
  }
  return reference;
}

function currencyOf(stripeCurrency: string): Currency {
  const currency = stripeCurrency.toUpperCase();
  if (!isCurrency(currency)) {
    throw new PartnerRequestError(
      'stripe',
      'status',
      'unsupported_currency',
      null,
      `Tessera does not take ${currency}`,
    );
  }
  return currency;
}
